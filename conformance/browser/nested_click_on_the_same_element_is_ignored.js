// click() while that element's click is in progress does nothing; another
// element's click() nests.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const a = document.createElement('div');
const b = document.createElement('div');
document.body.append(a, b);
a.addEventListener('click', () => { log('a click'); a.click(); b.click(); log('a listener ends'); });
b.addEventListener('click', () => log('b click'));
a.click();
log('done');

// Mutations made by event listeners during a synthetic dispatch are
// delivered after the dispatch returns, with the other microtasks.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const d = document.createElement('div');
document.body.appendChild(d);
new MutationObserver((rs) => log('observer: ' + rs.length + ' record(s)')).observe(d, { attributes: true });
d.addEventListener('x', () => { d.setAttribute('l1', '1'); Promise.resolve().then(() => log('promise from listener 1')); log('listener 1'); });
d.addEventListener('x', () => { d.setAttribute('l2', '1'); log('listener 2'); });
d.dispatchEvent(new Event('x'));
log('after dispatch');

// A synthetic click on a checkbox toggles it before the listeners run;
// preventDefault puts it back after dispatch.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const c = document.createElement('input');
c.type = 'checkbox';
document.body.appendChild(c);
c.addEventListener('change', () => log('change, checked ' + c.checked));
c.addEventListener('input', () => log('input, checked ' + c.checked));
let cancel = false;
c.addEventListener('click', (e) => { log('click, checked ' + c.checked); if (cancel) e.preventDefault(); });
c.click();
log('after first click ' + c.checked);
cancel = true;
c.click();
log('after canceled click ' + c.checked);

// el.click() dispatches a synthetic click at once: a MouseEvent that bubbles,
// is cancelable and composed, not trusted.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const b = document.createElement('button');
document.body.appendChild(b);
document.body.addEventListener('click', (e) => log('body sees click from ' + e.target.tagName));
b.addEventListener('click', (e) => {
  log('click: MouseEvent ' + (e instanceof MouseEvent) + ' trusted ' + e.isTrusted + ' bubbles ' + e.bubbles + ' cancelable ' + e.cancelable + ' composed ' + e.composed);
  Promise.resolve().then(() => log('microtask from click'));
});
b.click();
log('after click()');

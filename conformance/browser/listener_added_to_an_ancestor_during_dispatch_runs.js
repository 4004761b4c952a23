// A listener added during dispatch to an object not yet reached runs; one
// added to the current object does not.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const d = document.createElement('div');
document.body.appendChild(d);
d.addEventListener('x', () => {
  log('target listener');
  d.addEventListener('x', () => log('added to target: not this time'));
  document.body.addEventListener('x', () => log('added to body: runs'));
});
d.dispatchEvent(new Event('x', { bubbles: true }));
log('second dispatch');
d.dispatchEvent(new Event('x', { bubbles: false }));

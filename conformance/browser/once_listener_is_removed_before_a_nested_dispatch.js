// A once listener is removed before it runs, so a nested dispatch of the
// same type from it does not run it again.
const log = (s) => console.log(s);
const t = new EventTarget();
let depth = 0;
t.addEventListener('x', () => {
  log('once listener, depth ' + depth);
  depth++;
  t.dispatchEvent(new Event('x'));
  depth--;
}, { once: true });
t.addEventListener('x', () => log('plain listener, depth ' + depth));
t.dispatchEvent(new Event('x'));
log('after');
t.dispatchEvent(new Event('x'));

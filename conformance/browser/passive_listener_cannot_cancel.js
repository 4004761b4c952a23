// preventDefault in a passive listener is ignored; a later normal listener
// can cancel.
const log = (s) => console.log(s);
const t = new EventTarget();
t.addEventListener('x', (e) => { e.preventDefault(); log('passive: defaultPrevented ' + e.defaultPrevented); }, { passive: true });
t.addEventListener('x', (e) => { e.preventDefault(); log('normal: defaultPrevented ' + e.defaultPrevented); });
log('returned ' + t.dispatchEvent(new Event('x', { cancelable: true })));

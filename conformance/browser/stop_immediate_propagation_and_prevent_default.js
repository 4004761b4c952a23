// stopImmediatePropagation and preventDefault on a cancelable event.
const log = (s) => console.log(s);
const t = new EventTarget();
t.addEventListener('go', (e) => { log('first, cancelable ' + e.cancelable); e.preventDefault(); });
t.addEventListener('go', (e) => { log('second, defaultPrevented ' + e.defaultPrevented); e.stopImmediatePropagation(); });
t.addEventListener('go', () => log('third (never)'));
log('dispatch returned ' + t.dispatchEvent(new Event('go', { cancelable: true })));
log('not cancelable returned ' + t.dispatchEvent(new Event('other')));

// dispatchEvent from script: listeners run inside the call; their microtasks
// wait until the script is done.
const log = (s) => console.log(s);
const t = new EventTarget();
t.addEventListener('ping', (e) => { log('listener 1 ' + e.detail); Promise.resolve().then(() => log('promise from listener 1')); });
t.addEventListener('ping', () => { log('listener 2'); queueMicrotask(() => log('microtask from listener 2')); });
log('before dispatch');
const r = t.dispatchEvent(new CustomEvent('ping', { detail: 42 }));
log('after dispatch ' + r);
setTimeout(() => {
  log('timeout');
  t.dispatchEvent(new CustomEvent('ping', { detail: 'from timer' }));
  log('timeout end');
  setTimeout(() => console.log('__done__'), 0);
}, 0);

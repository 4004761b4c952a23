// Microtasks queued by microtasks run before the next task; a timer's own
// microtasks run before the next timer.
const log = (s) => console.log(s);
setTimeout(() => {
  log('timeout 1');
  Promise.resolve().then(() => { log('promise in timeout 1'); queueMicrotask(() => log('microtask from that promise')); });
}, 0);
setTimeout(() => { log('timeout 2'); console.log('__done__'); }, 0);
Promise.resolve().then(() => {
  log('promise 1');
  Promise.resolve().then(() => log('promise 1 nested'));
});
queueMicrotask(() => log('microtask 1'));
log('script');

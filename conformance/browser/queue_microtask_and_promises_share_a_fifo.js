// queueMicrotask and promise reactions share one FIFO queue; microtasks
// queued by microtasks run before the next task.
const log = (s) => console.log(s);
setTimeout(() => { log('timeout'); console.log('__done__'); }, 0);
queueMicrotask(() => { log('q1'); queueMicrotask(() => log('q1 -> q')); Promise.resolve().then(() => log('q1 -> p')); });
Promise.resolve().then(() => log('p1'));
queueMicrotask(() => log('q2'));
log('script end');

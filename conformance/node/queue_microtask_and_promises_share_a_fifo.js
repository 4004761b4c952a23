// queueMicrotask and promise reactions share one FIFO queue.
const log = (s) => console.log(s);
queueMicrotask(() => log('qm 1'));
Promise.resolve().then(() => { log('p 1'); queueMicrotask(() => log('qm from p 1')); });
queueMicrotask(() => { log('qm 2'); Promise.resolve().then(() => log('p from qm 2')); });
Promise.resolve().then(() => log('p 2'));

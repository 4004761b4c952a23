// nextTick passes extra arguments; ticks queued by ticks run before any
// promise job.
const log = (s) => console.log(s);
Promise.resolve().then(() => log('promise'));
process.nextTick((a, b) => {
  log('tick ' + a + ' ' + b);
  process.nextTick((c) => log('nested tick ' + c), 3);
}, 1, 2);
queueMicrotask(() => log('microtask'));
process.nextTick(() => log('tick 2'));
log('sync');

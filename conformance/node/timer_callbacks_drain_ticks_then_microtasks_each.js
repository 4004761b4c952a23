// Two timers due together: after each callback, nextTicks (and those they
// queue) drain before promise reactions and queueMicrotask callbacks.
const log = (s) => console.log(s);
setTimeout(() => {
  log('timer A');
  queueMicrotask(() => log('A microtask'));
  Promise.resolve().then(() => {
    log('A promise');
    process.nextTick(() => log('A tick from promise'));
  });
  process.nextTick(() => {
    log('A tick');
    process.nextTick(() => log('A tick from tick'));
  });
}, 5);
setTimeout(() => {
  log('timer B');
  process.nextTick(() => log('B tick'));
  Promise.resolve().then(() => log('B promise'));
}, 5);

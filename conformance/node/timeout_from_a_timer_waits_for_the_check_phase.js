// A 0 ms timeout set inside a timer callback is not run in the same timers
// phase: the immediate set beside it comes first.
const log = (s) => console.log(s);
setTimeout(() => {
  log('timer');
  setTimeout(() => log('nested timeout 0'), 0);
  setImmediate(() => log('immediate from timer'));
  process.nextTick(() => log('tick from timer'));
}, 0);

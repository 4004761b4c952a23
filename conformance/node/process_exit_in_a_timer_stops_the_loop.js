// process.exit() inside a timer runs the 'exit' listeners at once; pending
// ticks, promises, immediates and timers never run.
const log = (s) => console.log(s);
process.on('exit', (c) => log('exit ' + c));
setTimeout(() => {
  log('timer');
  process.nextTick(() => log('tick: never'));
  Promise.resolve().then(() => log('promise: never'));
  setImmediate(() => log('immediate: never'));
  process.exit(0);
}, 20);
setTimeout(() => log('later: never'), 60);

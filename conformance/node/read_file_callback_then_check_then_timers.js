// In an fs.readFile callback (poll phase): ticks, microtasks, then the check
// phase's immediates, then the next turn's timers.
const fs = require('fs');
const log = (s) => console.log(s);
fs.readFile(__filename, () => {
  log('readFile');
  setTimeout(() => log('timeout 0'), 0);
  setImmediate(() => {
    log('immediate 1');
    process.nextTick(() => log('tick from immediate 1'));
  });
  setImmediate(() => log('immediate 2'));
  Promise.resolve().then(() => log('promise'));
  process.nextTick(() => log('tick'));
  queueMicrotask(() => log('microtask'));
});
log('main');

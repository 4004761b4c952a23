// fs.readFile is four thread-pool requests (open, fstat, read, close; Node's
// lib/internal/fs/read/context.js), each completed in a poll phase of its
// own: three loop turns of immediates (with their ticks and microtasks) come
// before its callback. In the callback (poll phase): ticks, microtasks, the
// check phase's immediate, then an fs.stat started there (one request, the
// next poll phase at the earliest), then the next turn's timer.
const fs = require('fs');
const log = (s) => console.log(s);
fs.readFile(__filename, 'utf8', (err, text) => {
  log('readFile ' + text.split('\n')[0].slice(0, 20));
  process.nextTick(() => log('tick in readFile'));
  Promise.resolve().then(() => log('promise in readFile'));
  setImmediate(() => log('immediate from readFile'));
  fs.stat(__filename, () => {
    log('stat');
    setTimeout(() => log('timeout from stat'), 0);
    setImmediate(() => log('immediate from stat'));
  });
});
let turn = 0;
function step() {
  turn++;
  log('immediate ' + turn);
  process.nextTick(() => log('tick in immediate ' + turn));
  Promise.resolve().then(() => log('promise in immediate ' + turn));
  if (turn < 3) setImmediate(step);
}
setImmediate(step);
process.nextTick(() => log('tick in main'));
log('main');

// beforeExit runs when the loop is empty; an immediate scheduled there revives
// the loop, a promise reaction alone runs right after the listener.
const log = (s) => console.log(s);
let n = 0;
process.on('beforeExit', () => {
  n++;
  log('beforeExit ' + n);
  if (n === 1) {
    setImmediate(() => log('immediate from beforeExit'));
    Promise.resolve().then(() => log('promise from beforeExit 1'));
    process.nextTick(() => log('tick from beforeExit 1'));
  } else if (n === 2) {
    Promise.resolve().then(() => log('promise from beforeExit 2'));
  }
});
process.on('exit', (code) => {
  log('exit ' + code);
  setTimeout(() => log('never'), 0);
  Promise.resolve().then(() => log('promise from exit'));
  process.nextTick(() => log('tick from exit'));
});
setTimeout(() => log('timeout'), 5);

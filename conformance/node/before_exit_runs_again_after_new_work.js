// 'beforeExit' is emitted each time the loop runs dry; scheduling work in it
// keeps the process going.
const log = (s) => console.log(s);
let n = 0;
process.on('beforeExit', (code) => {
  n++;
  log('beforeExit ' + n + ' code ' + code);
  if (n === 1) setTimeout(() => log('timer from beforeExit'), 10);
  if (n === 2) setImmediate(() => log('immediate from beforeExit'));
  if (n === 3) Promise.resolve().then(() => log('promise from beforeExit 3 (no new loop work)'));
});
process.on('exit', (code) => log('exit ' + code));
log('main');

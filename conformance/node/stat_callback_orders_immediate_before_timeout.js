// fs.stat completes in the poll phase; the check phase comes before the timers
// of the next turn, however short the timeout.
const fs = require('fs');
const log = (s) => console.log(s);
fs.stat(__dirname, (err, st) => {
  log('stat ' + (err === null) + ' ' + st.isDirectory());
  setTimeout(() => log('timeout 1'), 1);
  setTimeout(() => log('timeout 0'), 0);
  setImmediate(() => log('immediate'));
  process.nextTick(() => log('tick'));
});

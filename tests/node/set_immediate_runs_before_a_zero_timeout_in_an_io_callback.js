// Recorded with: node tests/node/set_immediate_runs_before_a_zero_timeout_in_an_io_callback.js
// The seed's deterministic case: inside an I/O callback (the poll phase), the
// check phase comes next, so setImmediate always runs before setTimeout(0).
const fs = require('fs');
fs.readFile(__filename, () => {
  setTimeout(() => console.log('timeout'), 0);
  setImmediate(() => console.log('immediate'));
  process.nextTick(() => console.log('nextTick in the I/O callback'));
});
console.log('main');

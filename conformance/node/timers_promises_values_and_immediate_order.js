// timers/promises setImmediate and setTimeout resolve with their value, in
// the usual phase order when started from an I/O callback.
const { setImmediate: immediate, setTimeout: sleep } = require('timers/promises');
const fs = require('fs');
const log = (s) => console.log(s);
fs.stat(__filename, () => {
  sleep(0, 'timeout value').then((v) => log(v));
  immediate('immediate value').then((v) => log(v));
  log('in callback');
});

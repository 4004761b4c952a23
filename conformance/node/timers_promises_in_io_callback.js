// In an I/O callback, timers/promises setImmediate resolves before setTimeout 0.
const fs = require('fs');
const tp = require('timers/promises');
const log = (s) => console.log(s);
fs.readFile(__filename, () => {
  tp.setTimeout(0).then(() => log('timers/promises setTimeout'));
  tp.setImmediate().then(() => log('timers/promises setImmediate'));
  log('readFile callback');
});

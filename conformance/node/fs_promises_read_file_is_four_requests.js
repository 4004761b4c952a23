// fs/promises readFile opens a FileHandle, then fstat, read and close, each
// a thread-pool request completed in a poll phase of its own (Node's
// lib/internal/fs/promises.js): three loop turns of immediates started
// beside it run first.
const fsp = require('fs/promises');
const log = (s) => console.log(s);
fsp.readFile(__filename, 'utf8').then((text) => log('readFile resolved: ' + text.split('\n')[0].slice(0, 24)));
setImmediate(() => {
  log('immediate 1');
  setImmediate(() => {
    log('immediate 2');
    setImmediate(() => log('immediate 3'));
  });
});

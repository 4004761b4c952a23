// fs.writeFile is three thread-pool requests in Node (open, write, close:
// lib/fs.js writeFile and writeAll), each completed in a poll phase of its
// own; its callback is the close request's. So two loop turns of
// immediates started beside it run first.
const fs = require('fs');
const file = (process.env.TMPDIR || '/tmp') + '/jsloop-conformance-write-file-' + process.pid;
const log = (s) => console.log(s);
fs.writeFile(file, 'data', (err) => {
  log('writeFile callback ' + err);
  fs.appendFile(file, ' more', (err) => {
    log('appendFile callback ' + err + ': ' + fs.readFileSync(file, 'utf8'));
    fs.unlinkSync(file);
  });
  setImmediate(() => {
    log('immediate A');
    setImmediate(() => log('immediate B'));
  });
});
setImmediate(() => {
  log('immediate 1');
  setImmediate(() => log('immediate 2'));
});

// fs.readFile is several thread-pool requests in Node (open, fstat, read,
// close), each completed in a poll phase of its own, so a chain of two
// immediates started beside it runs first.
const fs = require('fs');
const log = (s) => console.log(s);
fs.readFile(__filename, () => log('readFile callback'));
setImmediate(() => {
  log('immediate 1');
  setImmediate(() => log('immediate 2'));
});

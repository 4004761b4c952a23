// fs.writeFile and fs.appendFile are open, write and close (lib/fs.js,
// writeAll): each callback comes after two loop turns of immediates started
// beside it, and the promise form (open a FileHandle, write, close) after
// two more.
const fs = require('fs');
const path = require('path');
const os = require('os');
const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'jsloop-conf-')), 'out.txt');
const log = (s) => console.log(s);
function twoTurns(name) {
  setImmediate(() => {
    log(name + ' immediate 1');
    setImmediate(() => log(name + ' immediate 2'));
  });
}
fs.writeFile(file, 'a', (err) => {
  log('writeFile ' + err);
  process.nextTick(() => log('tick in writeFile'));
  fs.appendFile(file, 'b', (err) => {
    log('appendFile ' + err);
    fs.promises.appendFile(file, 'c').then(() => {
      log('promises.appendFile: ' + fs.readFileSync(file, 'utf8'));
      fs.rmSync(path.dirname(file), { recursive: true });
    });
    twoTurns('third');
  });
  twoTurns('second');
});
twoTurns('first');
log('main');

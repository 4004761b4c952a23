// Recorded with: node tests/node/fs_watch_file_polls_and_reports_a_missing_file_once.js > tests/node/fs_watch_file_polls_and_reports_a_missing_file_once.out
// fs.watchFile (Node's StatWatcher on libuv's uv_fs_poll): one watcher per
// resolved path (a second watchFile returns it); a missing file is reported
// once with zeroed stats; then a file appearing, and vanishing, each reach
// the listener with the current and previous stats; unwatchFile without a
// listener removes them all and the watcher emits 'stop' on the next tick.
// Each step starts from the change the previous one caused.
const fs = require('fs');
const path = require('path');
const os = require('os');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jsloop-watchfile-'));
const file = path.join(dir, 'f.txt');
let n = 0;
const listener = (curr, prev) => {
  n++;
  console.log('change', n, 'size', curr.size, '<-', prev.size, 'nlink', curr.nlink, '<-', prev.nlink,
    'file', curr.isFile(), '<-', prev.isFile(), 'mtime zero', curr.mtimeMs === 0, prev.mtimeMs === 0,
    prev.mtime.toISOString() === '1970-01-01T00:00:00.000Z' || 'set');
  if (n === 1) fs.writeFileSync(file, 'hello world');
  else if (n === 2) fs.unlinkSync(file);
  else {
    fs.unwatchFile(file, listener);
    fs.rmdirSync(dir);
  }
};
const first = fs.watchFile(file, { interval: 10 }, () => console.log('never: removed before a poll'));
first.on('stop', () => console.log('first watcher stop'));
console.log(first.constructor.name, fs.watchFile(file, () => {}) === first);
fs.unwatchFile(file);
const watcher = fs.watchFile(path.relative(process.cwd(), file), { interval: 10 }, listener);
console.log('a new watcher', watcher !== first);
watcher.on('stop', () => console.log('stop after', n, 'changes'));

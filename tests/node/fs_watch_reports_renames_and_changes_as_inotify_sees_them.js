// Recorded with: node tests/node/fs_watch_reports_renames_and_changes_as_inotify_sees_them.js > tests/node/fs_watch_reports_renames_and_changes_as_inotify_sees_them.out
// fs.watch on a directory (Node's FSWatcher on libuv's inotify handle): a
// file created is a 'rename', written a 'change', renamed two 'rename's (old
// and new name), removed a 'rename'; the listener argument and 'change'
// listeners both hear each; close() emits 'close' on the next tick. Each step
// starts from the event the previous one caused (no timing). A missing path
// throws ENOENT with syscall 'watch'; encoding 'buffer' gives Buffers; a
// watcher made with persistent: false does not keep the process alive.
const fs = require('fs');
const path = require('path');
const os = require('os');

try {
  fs.watch(path.join(os.tmpdir(), 'jsloop-no-such-dir', 'x'));
} catch (e) {
  console.log(e.message.replace(os.tmpdir(), 'TMP'), e.code, e.errno, e.syscall, Object.keys(e));
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jsloop-watch-'));
fs.watch(dir, { persistent: false }, () => {});
const seen = [];
const watcher = fs.watch(dir, (type, name) => seen.push(`${type} ${name}`));
console.log(watcher.constructor.name, watcher.ref() === watcher);
const steps = [
  ['change a.txt', () => fs.renameSync(path.join(dir, 'a.txt'), path.join(dir, 'b.txt'))],
  ['rename b.txt', () => fs.unlinkSync(path.join(dir, 'b.txt'))],
  ['rename b.txt', () => {
    watcher.close();
    console.log('closed; listeners hear', seen.join(', '));
    watcher.on('close', () => {
      console.log('close event');
      const bufWatcher = fs.watch(dir, { encoding: 'buffer' }, (type, name) => {
        console.log('buffer watcher:', type, Buffer.isBuffer(name), name.toString());
        bufWatcher.close();
        fs.rmSync(dir, { recursive: true });
      });
      fs.mkdirSync(path.join(dir, 'sub'));
    });
  }],
];
watcher.on('change', (type, name) => {
  console.log('change event:', type, name);
  if (steps.length && `${type} ${name}` === steps[0][0]) steps.shift()[1]();
});
fs.writeFileSync(path.join(dir, 'a.txt'), 'x');

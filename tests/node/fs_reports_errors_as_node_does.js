// Recorded with: node tests/node/fs_reports_errors_as_node_does.js
// fs callbacks, the *Sync API and fs/promises, with Node's error shape.
const fs = require('fs');
const path = require('path');
const fixtures = path.join(__dirname, 'fixtures');
// One request at a time: which of two thread-pool requests finishes first
// is up to the threads, in Node as in jsloop.
fs.readFile(path.join(fixtures, 'data.json'), 'utf8', (err, text) => {
  console.log('readFile:', err, JSON.parse(text).name);
  fs.readFile(path.join(fixtures, 'no-such-file.txt'), (err, data) => {
    console.log('missing:', err.code, err.errno, err.syscall, path.basename(err.path), data);
    console.log('message:', err.message.replace(fixtures, '<fixtures>'));
    fs.stat(fixtures, (err, stats) => {
      console.log('stat:', err, stats.isDirectory(), stats.isFile());
      fs.promises.readFile(path.join(fixtures, 'dir', 'index.js'), 'utf8').then((t) => console.log('promises:', t.trim()));
    });
  });
});
console.log('readdirSync:', fs.readdirSync(fixtures).filter((n) => n.endsWith('.js')).sort().join(', '));
try {
  fs.readFileSync(path.join(fixtures, 'nope'));
} catch (e) {
  console.log('readFileSync throws:', e.code, e instanceof Error);
}
const tmp = path.join(process.env.TMPDIR || '/tmp', 'jsloop-fs-test-' + process.pid + '.txt');
fs.writeFileSync(tmp, 'one');
fs.appendFileSync(tmp, Buffer.from(' two'));
console.log('write and append:', fs.readFileSync(tmp, 'utf8'), fs.existsSync(tmp));
fs.unlinkSync(tmp);
console.log('after unlink:', fs.existsSync(tmp));

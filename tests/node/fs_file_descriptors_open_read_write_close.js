// Recorded with: node tests/node/fs_file_descriptors_open_read_write_close.js
// fs.open/read/write/close with file descriptors, callback and sync forms;
// closing twice is EBADF.
const fs = require('fs');
const p = require('path').join(process.env.TMPDIR || '/tmp', 'jsloop-fd-' + process.pid + '.txt');
const fd = fs.openSync(p, 'w');
console.log('write', fs.writeSync(fd, 'hello world'));
fs.closeSync(fd);
fs.open(p, 'r', (err, fd) => {
  const buf = Buffer.alloc(5);
  fs.read(fd, buf, 0, 5, 6, (err, n, b) => {
    console.log('read', err, n, b.toString());
    fs.close(fd, (err) => {
      console.log('closed', err);
      fs.close(fd, (err) => { console.log('again:', err.code); fs.unlinkSync(p); });
    });
  });
});

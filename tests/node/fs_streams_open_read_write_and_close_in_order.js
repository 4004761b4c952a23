// Recorded with Node 24: node tests/node/fs_streams_open_read_write_and_close_in_order.js
// fs.createWriteStream then fs.createReadStream (start/end, highWaterMark,
// encoding): 'open', 'ready', the end callback, 'finish', 'close', 'data'
// in highWaterMark pieces, 'end', 'close'; a missing file's 'error' then
// 'close'; pipe() from one file to another.
const fs = require('fs');
const path = require('path').join(process.env.TMPDIR || '/tmp', 'jsloop-fss-' + process.pid + '.txt');
const copy = path + '.copy';
const w = fs.createWriteStream(path);
for (const ev of ['open', 'ready', 'drain', 'finish', 'close']) w.on(ev, (a) => console.log('w', ev, typeof a));
console.log('pending', w.pending, w.path === path);
w.write('hello ');
w.write(Buffer.from('world\n'));
w.end('bye\n', () => console.log('end cb', w.bytesWritten));
w.on('close', () => {
  const r = fs.createReadStream(path, { encoding: 'utf8', start: 2, end: 12, highWaterMark: 4 });
  for (const ev of ['open', 'ready', 'end', 'close']) r.on(ev, (a) => console.log('r', ev, typeof a));
  r.on('data', (d) => console.log('r data', JSON.stringify(d), r.bytesRead));
  r.on('close', () => {
    const bad = fs.createReadStream('/nonexistent/x');
    bad.on('error', (e) => console.log('bad error', e.code, e.syscall));
    bad.on('close', () => {
      console.log('bad close');
      const out = fs.createWriteStream(copy);
      fs.createReadStream(path).pipe(out).on('finish', () => {
        console.log('copied', JSON.stringify(fs.readFileSync(copy, 'utf8')));
        fs.unlinkSync(path);
        fs.unlinkSync(copy);
      });
    });
  });
});
process.nextTick(() => console.log('tick'));

// Recorded with: node tests/node/fs_read_file_results_and_errors_as_node_24.js
// fs.readFile's results and errors, one read at a time: UTF-8 text (with
// ill-formed sequences, and a character split across two 512 KiB reads),
// Buffers (of a whole file, of an empty one, of one whose size stat does
// not know), a directory (EISDIR from the read), a missing file, a callback
// that throws, and a Buffer path.
const fs = require('fs');
const path = require('path');
const dir = path.join(process.env.TMPDIR || '/tmp', 'jsloop-read-file-' + process.pid);
fs.mkdirSync(dir, { recursive: true });
const file = (name, data) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, data);
  return p;
};
const ill = file('ill.txt', Buffer.from([0x61, 0xc3, 0x28, 0x62, 0xe2, 0x82, 0x63, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xa0, 0x80, 0xff, 0x64, 0xe2, 0x82]));
const big = Buffer.alloc(512 * 1024 + 100, 0x78);
big.write('é', 512 * 1024 - 1);
const large = file('large.txt', big);
const small = file('small.txt', 'héllo wörld\n');
const empty = file('empty.txt', '');
const codes = (s) => Array.from(s, (c) => c.codePointAt(0).toString(16)).join(' ');
const steps = [
  (next) => fs.readFile(ill, 'utf8', (err, text) => { console.log('ill-formed utf8:', err, text.length, codes(text)); next(); }),
  (next) => fs.readFile(ill, { encoding: 'utf-8' }, (err, text) => { console.log('utf-8 option:', err, text.length); next(); }),
  (next) => fs.readFile(large, 'utf8', (err, text) => { console.log('large:', err, text.length, text.indexOf('é'), text.slice(524286, 524290)); next(); }),
  (next) => fs.readFile(small, (err, buf) => {
    console.log('buffer:', err, Buffer.isBuffer(buf), buf.length, buf.byteOffset, buf.buffer.byteLength, buf.toString());
    next();
  }),
  (next) => fs.readFile(small, { encoding: null, flag: 'r' }, (err, buf) => { console.log('null encoding:', err, Buffer.isBuffer(buf), buf.length); next(); }),
  (next) => fs.readFile(empty, (err, buf) => { console.log('empty buffer:', err, Buffer.isBuffer(buf), buf.length); next(); }),
  (next) => fs.readFile(empty, 'utf8', (err, text) => { console.log('empty text:', err, JSON.stringify(text)); next(); }),
  (next) => fs.readFile('/proc/sys/kernel/ostype', (err, buf) => { console.log('unknown size:', err, Buffer.isBuffer(buf), JSON.stringify(buf.toString())); next(); }),
  (next) => fs.readFile('/proc/sys/kernel/ostype', 'utf8', (err, text) => { console.log('unknown size text:', err, JSON.stringify(text)); next(); }),
  (next) => fs.readFile(dir, 'utf8', (err, text) => {
    console.log('directory:', err.code, err.errno, err.syscall, 'path' in err, err.message, text);
    next();
  }),
  (next) => fs.readFile(path.join(dir, 'missing.txt'), (err, buf) => {
    console.log('missing:', err.code, err.errno, err.syscall, err.path === path.join(dir, 'missing.txt'), err.message.replace(dir, '<dir>'), buf);
    next();
  }),
  (next) => {
    process.once('uncaughtException', (e) => { console.log('uncaught:', e.message); next(); });
    fs.readFile(small, 'utf8', () => { throw new Error('thrown from the callback'); });
  },
  (next) => fs.readFile(Buffer.from(small), 'utf8', (err, text) => { console.log('buffer path:', err, JSON.stringify(text)); next(); }),
];
let i = 0;
const next = () => {
  if (i < steps.length) return steps[i++](next);
  fs.rmSync(dir, { recursive: true, force: true });
};
next();

// Recorded with: node tests/node/buffer_and_fs_argument_errors_as_node_24.js > tests/node/buffer_and_fs_argument_errors_as_node_24.out
// Node 24's argument checks and errors for fs and Buffer, and Buffer's
// per-encoding methods.
const fs = require('fs');
const path = require('path');
const os = require('os');
const show = (f) => {
  try {
    const v = f();
    console.log('ok', typeof v === 'object' && v !== null ? JSON.stringify(v) : v);
  } catch (e) {
    console.log(e.name, e.code, e.message);
  }
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jsloop-args-'));
const file = path.join(dir, 'f.txt');
fs.writeFileSync(file, 'hello world');
const fd = fs.openSync(file, 'r+');
const buf = Buffer.alloc(4);
show(() => fs.readSync(fd, buf, { position: 6 }));
show(() => buf.toString());
show(() => fs.readSync(fd, buf, 1, 3, 0n));
show(() => fs.readSync(fd, buf, -1));
show(() => fs.readSync(fd, buf, 0, 10));
show(() => fs.readSync(fd, buf, []));
show(() => fs.readSync(fd, buf, 0, 1, 'x'));
show(() => fs.writeSync(fd, Buffer.alloc(2), -1));
show(() => fs.writeSync(fd, Buffer.alloc(2), { offset: 3 }));
show(() => fs.writeSync(fd, 'ab', 0, 'hex'));
show(() => fs.openSync(file, 'zz'));
show(() => fs.openSync(file, 'r', 'boom'));
show(() => fs.fchmod(fd, '123x'));
show(() => fs.truncateSync(file, 'a'));
show(() => fs.mkdirSync(path.join(dir, 'm'), { recursive: 'yes' }));
show(() => fs.symlinkSync(file, path.join(dir, 'l'), 'bad'));
show(() => fs.readFileSync(file, { encoding: 'nope' }));
show(() => fs.writeFileSync(file, 5));
show(() => fs.accessSync(file, 8));
show(() => fs.statSync(path.join(dir, 'missing'), { throwIfNoEntry: false }));
show(() => fs.existsSync({}));
show(() => fs.readdirSync(dir, { withFileTypes: true }).map((d) => [d.name, d.isFile(), d.isDirectory()]));
show(() => fs.mkdirSync(path.join(dir, 'a', 'b'), { recursive: true }) === path.join(dir, 'a'));
show(() => fs.readdirSync(dir, { recursive: true }).sort());
const st = fs.statSync(file, { bigint: true });
show(() => [typeof st.size, String(st.size), st.isFile(), typeof st.mtimeNs, st.mtime instanceof Date]);
show(() => Object.keys(fs.statSync(file)).join());
fs.closeSync(fd);
fs.rmSync(dir, { recursive: true });
show(() => Buffer.from('hello').latin1Slice(1, 3));
show(() => Buffer.from('hello').hexSlice());
show(() => Buffer.from('hello').utf8Slice(3, 1));
show(() => Buffer.from('hello').asciiSlice(-1));
show(() => Buffer.alloc(4).utf8Write('abc', 1));
show(() => Buffer.alloc(1).asciiWrite('ww', 0, 2));
show(() => Buffer.from('ff').indexOf(Buffer.from('f'), 1, 'ucs2'));
show(() => Buffer.from('abcdab', 'ucs2').lastIndexOf('ab', undefined, 'ucs2'));
show(() => Buffer.from('asd', 1).toString());
show(() => Buffer.alloc(8).writeBigInt64LE('bad'));
const u16 = new Uint16Array(2);
show(() => [Buffer.of(1, 2, 3, 4).copy(u16), u16[0], u16[1]]);

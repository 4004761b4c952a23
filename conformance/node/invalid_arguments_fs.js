// Invalid arguments to fs functions throw Node's errors synchronously (the
// promise API rejects with them). No call here reaches the file system.
const fs = require('fs');
const log = (s) => console.log(s);
function attempt(label, f) {
  try {
    f();
    log(label + ': no error');
  } catch (e) {
    log(label + ': ' + e.name + ' ' + e.code + ' ' + e.message);
  }
}
const missing = '/nonexistent-jsloop-dir/file';
const noop = () => {};
attempt('readFile without a callback', () => fs.readFile(__filename));
attempt('readFile with an encoding and no callback', () => fs.readFile(__filename, 'utf8'));
attempt('readFile callback "nope"', () => fs.readFile(__filename, 'utf8', 'nope'));
attempt('readFile path {}', () => fs.readFile({}, noop));
attempt('readFile path undefined', () => fs.readFile(undefined, noop));
attempt('readFile path null', () => fs.readFile(null, noop));
attempt('readFile path true', () => fs.readFile(true, noop));
attempt('readFile encoding "nope"', () => fs.readFile(__filename, 'nope', noop));
attempt('readFile options 42', () => fs.readFile(__filename, 42, noop));
attempt('readFileSync path {}', () => fs.readFileSync({}));
attempt('readFileSync encoding "nope"', () => fs.readFileSync(__filename, 'nope'));
attempt('readFileSync options true', () => fs.readFileSync(__filename, true));
attempt('readFileSync path with a NUL byte', () => fs.readFileSync('a\0b'));
attempt('writeFile without a callback', () => fs.writeFile(missing, 'data'));
attempt('writeFile data 42', () => fs.writeFile(missing, 42, noop));
attempt('writeFile data {}', () => fs.writeFile(missing, {}, noop));
attempt('writeFileSync data 42', () => fs.writeFileSync(missing, 42));
attempt('writeFileSync data null', () => fs.writeFileSync(missing, null));
attempt('appendFile without a callback', () => fs.appendFile(missing, 'd'));
attempt('open without a callback', () => fs.open(__filename, 'r'));
attempt('open flags "zz"', () => fs.open(__filename, 'zz', noop));
attempt('open path 1.5', () => fs.open(1.5, 'r', noop));
attempt('openSync flags "zz"', () => fs.openSync(__filename, 'zz'));
attempt('openSync flags {}', () => fs.openSync(__filename, {}));
attempt('close fd "x"', () => fs.close('x', noop));
attempt('close fd -1', () => fs.close(-1, noop));
attempt('close fd 1.5', () => fs.close(1.5, noop));
attempt('close fd 2 ** 31', () => fs.close(2 ** 31, noop));
attempt('closeSync fd "3"', () => fs.closeSync('3'));
attempt('close callback "x"', () => fs.close(999, 'x'));
attempt('stat without a callback', () => fs.stat(__filename));
attempt('stat path 42', () => fs.stat(42, noop));
attempt('statSync path null', () => fs.statSync(null));
attempt('readdir without a callback', () => fs.readdir('.'));
attempt('mkdir without a callback', () => fs.mkdir(missing));
attempt('unlink path 5', () => fs.unlink(5, noop));
attempt('unlink without a callback', () => fs.unlink(missing));
attempt('rename oldPath 1', () => fs.rename(1, 'b', noop));
attempt('rename newPath 2', () => fs.rename('a', 2, noop));
attempt('copyFile src 1', () => fs.copyFile(1, 'b', noop));
attempt('copyFile dest {}', () => fs.copyFile('a', {}, noop));
attempt('access without a callback', () => fs.access(__filename));
attempt('exists without a callback', () => fs.exists(__filename));
attempt('existsSync(123456)', () => log('existsSync(123456) is ' + fs.existsSync(123456)));
attempt('realpath without a callback', () => fs.realpath('.'));
attempt('read fd "x"', () => fs.read('x', Buffer.alloc(1), 0, 1, 0, noop));
attempt('read buffer "x"', () => fs.read(0, 'x', 0, 1, 0, noop));
attempt('write fd -1', () => fs.write(-1, 'x', noop));
attempt('write data 42', () => fs.write(1, 42, noop));
attempt('writeSync data {}', () => fs.writeSync(1, {}));
(async () => {
  for (const [label, f] of [
    ['promises.readFile(42)', () => fs.promises.readFile(42)],
    ['promises.writeFile data 42', () => fs.promises.writeFile(missing, 42)],
    ['promises.stat(null)', () => fs.promises.stat(null)],
  ]) {
    try {
      await f();
      log(label + ': resolved');
    } catch (e) {
      log(label + ' rejected: ' + e.name + ' ' + e.code + ' ' + e.message);
    }
  }
})();

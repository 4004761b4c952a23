// jsloop glue 42: Node's fs, fs/promises. Every callback-style operation is
// a request on the thread pool (libuv's), completed in the poll phase; the
// *Sync ones run on the loop's thread.
(function (host, Buffer, internals) {
  'use strict';
  const { nodeError, invalidArgType } = internals;
  function toPath(p, name = 'path') {
    if (typeof p === 'string') return p;
    if (p instanceof URL === true) return decodeURIComponent(p.pathname);
    if (p instanceof Uint8Array) return Buffer.from(p).toString();
    throw invalidArgType(name, 'of type string or an instance of Buffer or URL', p);
  }
  function toAbsolute(p) { return p.startsWith('/') ? p : host.cwd() + '/' + p; }
  function encodingOf(options) {
    if (typeof options === 'string') return options;
    return options && options.encoding ? options.encoding : null;
  }
  function dataBytes(data, options) {
    if (typeof data === 'string') return Buffer.from(data, encodingOf(options) || 'utf8');
    if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    throw invalidArgType('data', 'of type string or an instance of Buffer, TypedArray, or DataView', data);
  }
  function maybeCallback(cb) {
    if (typeof cb !== 'function') throw invalidArgType('cb', 'of type function', cb);
    return cb;
  }
  // https://nodejs.org/api/fs.html#class-fsstats
  class Stats {
    constructor(s) {
      Object.assign(this, {
        dev: s.dev, mode: s.mode, nlink: s.nlink, uid: s.uid, gid: s.gid, rdev: 0, blksize: 4096, ino: s.ino,
        size: s.size, blocks: Math.ceil(s.size / 512), atimeMs: s.atimeMs, mtimeMs: s.mtimeMs, ctimeMs: s.ctimeMs, birthtimeMs: s.birthtimeMs,
        atime: new Date(s.atimeMs), mtime: new Date(s.mtimeMs), ctime: new Date(s.ctimeMs), birthtime: new Date(s.birthtimeMs),
      });
      Object.defineProperty(this, '_kind', { value: s.isFile ? 'file' : s.isDirectory ? 'dir' : s.isSymbolicLink ? 'link' : 'other' });
    }
    isFile() { return this._kind === 'file'; }
    isDirectory() { return this._kind === 'dir'; }
    isSymbolicLink() { return this._kind === 'link'; }
    isFIFO() { return false; }
    isSocket() { return false; }
    isBlockDevice() { return false; }
    isCharacterDevice() { return false; }
  }
  // The value an operation produced, as Node's API gives it.
  function shape(op, value, options) {
    switch (op) {
      case 'readFile': {
        const buf = Buffer.from(value);
        const enc = encodingOf(options);
        return enc ? buf.toString(enc) : buf;
      }
      case 'stat': case 'lstat': return new Stats(value);
      default: return value;
    }
  }
  function request(op, path, arg, data, flag, options, cb) {
    host.fsAsync(op, path, arg, data, flag, (err, value) => {
      if (err) cb(err);
      else if (op === 'exists') cb(value);
      else cb(null, shape(op, value, options));
    });
  }
  function sync(op, path, arg, data, flag, options) {
    return shape(op, host.fsSync(op, path, arg, data, flag), options);
  }
  const rmFlags = (o) => [o && o.recursive ? 'recursive' : '', o && o.force ? 'force' : ''].join(' ');
  const ops = {
    readFile: (p, o) => ['readFile', toPath(p), '', undefined, false, o],
    writeFile: (p, d, o) => ['writeFile', toPath(p), '', dataBytes(d, o), false, o],
    appendFile: (p, d, o) => ['appendFile', toPath(p), '', dataBytes(d, o), false, o],
    stat: (p, o) => ['stat', toPath(p), '', undefined, false, o],
    lstat: (p, o) => ['lstat', toPath(p), '', undefined, false, o],
    readdir: (p, o) => ['readdir', toPath(p), '', undefined, false, o],
    mkdir: (p, o) => ['mkdir', toPath(p), '', undefined, !!(o && (o === true || o.recursive)), o],
    rmdir: (p, o) => ['rmdir', toPath(p), '', undefined, false, o],
    rm: (p, o) => ['rm', toPath(p), rmFlags(o), undefined, false, o],
    unlink: (p) => ['unlink', toPath(p), '', undefined, false, undefined],
    rename: (a, b) => ['rename', toPath(a, 'oldPath'), toPath(b, 'newPath'), undefined, false, undefined],
    copyFile: (a, b) => ['copyFile', toPath(a, 'src'), toPath(b, 'dest'), undefined, false, undefined],
    access: (p) => ['access', toPath(p), '', undefined, false, undefined],
    realpath: (p) => ['realpath', toAbsolute(toPath(p)), '', undefined, false, undefined],
  };
  const fs = {};
  const promises = {};
  for (const [name, args] of Object.entries(ops)) {
    const arity = args.length;
    fs[name] = function (...a) {
      const cb = maybeCallback(a.length > arity ? a[arity] : a[a.length - 1]);
      const rest = a.slice(0, typeof a[a.length - 1] === 'function' ? a.length - 1 : a.length);
      const [op, path, arg, data, flag, options] = args(...rest);
      request(op, path, arg, data, flag, options, cb);
    };
    fs[name + 'Sync'] = (...a) => sync(...args(...a));
    promises[name] = (...a) => new Promise((resolve, reject) => {
      const [op, path, arg, data, flag, options] = args(...a);
      request(op, path, arg, data, flag, options, (err, value) => (err ? reject(err) : resolve(value)));
    });
  }
  // File descriptors: open, read, write, close.
  const fdArg = (fd) => {
    if (!Number.isInteger(fd) || fd < 0) throw nodeError(RangeError, 'ERR_OUT_OF_RANGE', `The value of "fd" is out of range. It must be >= 0 && <= 2147483647. Received ${fd}`);
    return String(fd);
  };
  const openArgs = (p, flags, mode) => ['open', toPath(p), typeof flags === 'string' ? flags : 'r', undefined, false, undefined];
  fs.open = (p, flags, mode, cb) => {
    cb = maybeCallback([flags, mode, cb].reverse().find((f) => typeof f === 'function'));
    request(...openArgs(p, typeof flags === 'function' ? undefined : flags, mode), cb);
  };
  fs.openSync = (p, flags, mode) => sync(...openArgs(p, flags, mode));
  fs.close = (fd, cb = () => {}) => request('close', fdArg(fd), '', undefined, false, undefined, maybeCallback(cb));
  fs.closeSync = (fd) => { sync('close', fdArg(fd), '', undefined, false); };
  // read(fd, buffer, offset, length, position, cb): the bytes land in buffer.
  function readArgs(fd, buffer, offset = 0, length = buffer.byteLength - offset, position = null) {
    return [fdArg(fd), `${length},${position === null || position === undefined || position < 0 ? -1 : position}`];
  }
  fs.read = (fd, buffer, offset, length, position, cb) => {
    if (typeof offset === 'function') { cb = offset; offset = undefined; }
    const [f, arg] = readArgs(fd, buffer, offset, length, position);
    host.fsAsync('read', f, arg, undefined, false, (err, bytes) => {
      if (err) return cb(err);
      buffer.set(bytes, offset || 0);
      cb(null, bytes.length, buffer);
    });
  };
  fs.readSync = (fd, buffer, offset, length, position) => {
    const [f, arg] = readArgs(fd, buffer, offset, length, position);
    const bytes = host.fsSync('read', f, arg, undefined, false);
    buffer.set(bytes, offset || 0);
    return bytes.length;
  };
  function writeArgs(fd, data, a, b, c) {
    // write(fd, buffer, offset, length, position) or write(fd, string, position, encoding)
    if (typeof data === 'string') return [fdArg(fd), a === undefined || a === null ? '-1' : String(a), Buffer.from(data, typeof b === 'string' ? b : 'utf8')];
    const offset = a || 0, length = b === undefined ? data.byteLength - offset : b;
    return [fdArg(fd), c === undefined || c === null ? '-1' : String(c), new Uint8Array(data.buffer, data.byteOffset + offset, length)];
  }
  fs.write = (fd, data, ...rest) => {
    const cb = maybeCallback(rest.pop());
    const [f, pos, bytes] = writeArgs(fd, data, ...rest);
    host.fsAsync('write', f, pos, bytes, false, (err, n) => (err ? cb(err) : cb(null, n, data)));
  };
  fs.writeSync = (fd, data, ...rest) => {
    const [f, pos, bytes] = writeArgs(fd, data, ...rest);
    return host.fsSync('write', f, pos, bytes, false);
  };
  fs.exists = (p, cb) => request('exists', toPath(p), '', undefined, false, undefined, maybeCallback(cb));
  fs.existsSync = (p) => { try { return host.fsSync('exists', toPath(p), '', undefined, false); } catch (_) { return false; } };
  fs.promises = promises;
  fs.Stats = Stats;
  fs.constants = { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1, O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2 };
  promises.constants = fs.constants;
  return fs;
})

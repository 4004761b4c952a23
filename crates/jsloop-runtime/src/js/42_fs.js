// jsloop glue 42: Node's fs, fs/promises. Every callback-style operation is
// a request on the thread pool (libuv's), completed in the poll phase; the
// *Sync ones run on the loop's thread.
(function (host, Buffer, internals) {
  'use strict';
  const { invalidArgType, invalidArgValue, validateInt32 } = internals;
  // Node's getValidatedPath: a string, Buffer or URL without NUL bytes.
  function toPath(p, name = 'path') {
    let s;
    if (typeof p === 'string') s = p;
    else if (typeof URL === 'function' && p instanceof URL) s = decodeURIComponent(p.pathname);
    else if (p instanceof Uint8Array) s = Buffer.from(p).toString();
    else throw invalidArgType(name, ['string', 'Buffer', 'URL'], p);
    if (s.includes('\u0000')) throw invalidArgValue(name, p, 'must be a string, Uint8Array, or URL without null bytes');
    return s;
  }
  function toAbsolute(p) { return p.startsWith('/') ? p : host.cwd() + '/' + p; }
  // Node's getOptions: a string is the encoding; anything but an object,
  // null, undefined or a function is an error; the encoding must be known.
  function checkOptions(options) {
    if (options === null || options === undefined || typeof options === 'function') return options;
    if (typeof options !== 'string' && typeof options !== 'object') throw invalidArgType('options', ['string', 'Object'], options);
    const encoding = typeof options === 'string' ? options : options.encoding;
    if (encoding && encoding !== 'buffer' && !Buffer.isEncoding(encoding)) throw invalidArgValue('encoding', encoding, 'is invalid encoding');
    return options;
  }
  function encodingOf(options) {
    if (typeof options === 'string') return options;
    return options && options.encoding && options.encoding !== 'buffer' ? options.encoding : null;
  }
  function dataBytes(data, options) {
    if (typeof data === 'string') return Buffer.from(data, encodingOf(options) || 'utf8');
    if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    throw invalidArgType('data', ['string', 'Buffer', 'TypedArray', 'DataView'], data);
  }
  function maybeCallback(cb) {
    if (typeof cb !== 'function') throw invalidArgType('cb', 'Function', cb);
    return cb;
  }
  // Node's getValidatedFd.
  function validFd(fd) {
    if (Object.is(fd, -0)) return 0;
    validateInt32(fd, 'fd', 0);
    return fd;
  }
  // Node's stringToFlags, for the string flags jsloop supports.
  const FLAGS = {
    r: 'r', rs: 'r', sr: 'r', 'r+': 'r+', 'rs+': 'r+', 'sr+': 'r+',
    w: 'w', wx: 'wx', xw: 'wx', 'w+': 'w+', 'wx+': 'wx+', 'xw+': 'wx+',
    a: 'a', ax: 'ax', xa: 'ax', as: 'a', sa: 'a', 'a+': 'a+', 'ax+': 'ax+', 'xa+': 'ax+', 'as+': 'a+', 'sa+': 'a+',
  };
  function openFlags(flags) {
    if (flags === undefined || flags === null) return 'r';
    if (typeof flags === 'number') return (flags & 3) === 2 ? 'r+' : 'r';
    if (typeof flags === 'string' && Object.prototype.hasOwnProperty.call(FLAGS, flags)) return FLAGS[flags];
    throw invalidArgValue('flags', flags);
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
  // name: [arguments -> request, required arguments, takes an optional
  // options/mode argument before the callback]
  const ops = {
    readFile: [(p, o) => ['readFile', toPath((checkOptions(o), p)), '', undefined, false, o], 1, true],
    writeFile: [(p, d, o) => ['writeFile', toPath((checkOptions(o), p)), '', dataBytes(d, o), false, o], 2, true],
    appendFile: [(p, d, o) => ['appendFile', toPath((checkOptions(o), p)), '', dataBytes(d, o), false, o], 2, true],
    stat: [(p, o) => ['stat', toPath(p), '', undefined, false, o], 1, true],
    lstat: [(p, o) => ['lstat', toPath(p), '', undefined, false, o], 1, true],
    readdir: [(p, o) => ['readdir', toPath(p), '', undefined, false, o], 1, true],
    mkdir: [(p, o) => ['mkdir', toPath(p), '', undefined, !!(o && (o === true || o.recursive)), o], 1, true],
    rmdir: [(p, o) => ['rmdir', toPath(p), '', undefined, false, o], 1, true],
    rm: [(p, o) => ['rm', toPath(p), rmFlags(o), undefined, false, o], 1, true],
    unlink: [(p) => ['unlink', toPath(p), '', undefined, false, undefined], 1, false],
    rename: [(a, b) => ['rename', toPath(a, 'oldPath'), toPath(b, 'newPath'), undefined, false, undefined], 2, false],
    copyFile: [(a, b) => ['copyFile', toPath(a, 'src'), toPath(b, 'dest'), undefined, false, undefined], 2, true],
    access: [(p) => ['access', toPath(p), '', undefined, false, undefined], 1, true],
    realpath: [(p) => ['realpath', toAbsolute(toPath(p)), '', undefined, false, undefined], 1, true],
  };
  const fs = {};
  const promises = {};
  for (const [name, [args, required, optional]] of Object.entries(ops)) {
    // As Node: the callback is the argument after the optional one, or
    // else the optional one (`callback || options`), checked first.
    fs[name] = function (...a) {
      const cb = maybeCallback(optional ? a[required + 1] || a[required] : a[required]);
      const rest = a.slice(0, optional && typeof a[required] !== 'function' ? required + 1 : required);
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
  const fdArg = (fd) => String(validFd(fd));
  const openArgs = (p, flags) => {
    const path = toPath(p);
    return ['open', path, openFlags(flags), undefined, false, undefined];
  };
  // open(path[, flags[, mode]], callback): with fewer than three arguments
  // the second is the callback.
  fs.open = function (p, flags, mode, cb) {
    const path = toPath(p);
    if (arguments.length < 3) { cb = flags; flags = 'r'; } else if (typeof mode === 'function') cb = mode;
    const f = openFlags(flags);
    request('open', path, f, undefined, false, undefined, maybeCallback(cb));
  };
  fs.openSync = (p, flags) => sync(...openArgs(p, flags));
  fs.close = (fd, cb = () => {}) => { const f = fdArg(fd); request('close', f, '', undefined, false, undefined, maybeCallback(cb)); };
  fs.closeSync = (fd) => { sync('close', fdArg(fd), '', undefined, false); };
  // read(fd, buffer, offset, length, position, cb): the bytes land in buffer.
  function readArgs(fd, buffer, offset = 0, length, position = null) {
    const f = fdArg(fd);
    if (!ArrayBuffer.isView(buffer)) throw invalidArgType('buffer', ['Buffer', 'TypedArray', 'DataView'], buffer);
    if (length === undefined) length = buffer.byteLength - offset;
    return [f, `${length},${position === null || position === undefined || position < 0 ? -1 : position}`];
  }
  fs.read = (fd, buffer, offset, length, position, cb) => {
    if (typeof offset === 'function') { cb = offset; offset = undefined; }
    const [f, arg] = readArgs(fd, buffer, offset, length, position);
    maybeCallback(cb);
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
    const f = fdArg(fd);
    if (typeof data === 'string') return [f, a === undefined || a === null ? '-1' : String(a), Buffer.from(data, typeof b === 'string' ? b : 'utf8')];
    if (!ArrayBuffer.isView(data)) throw invalidArgType('buffer', ['string', 'Buffer', 'TypedArray', 'DataView'], data);
    const offset = a || 0, length = b === undefined ? data.byteLength - offset : b;
    return [f, c === undefined || c === null ? '-1' : String(c), new Uint8Array(data.buffer, data.byteOffset + offset, length)];
  }
  fs.write = (fd, data, ...rest) => {
    const last = rest.pop();
    const [f, pos, bytes] = writeArgs(fd, data, ...rest);
    const cb = maybeCallback(last);
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

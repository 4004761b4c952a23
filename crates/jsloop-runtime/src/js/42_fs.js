// jsloop glue 42: Node's fs and fs/promises (lib/fs.js,
// lib/internal/fs/promises.js, lib/internal/fs/utils.js, …). Arguments are
// checked as Node checks them; each callback-style operation is one or more
// typed requests (node/fs.rs, node/fs_ops.rs) on the thread pool (libuv's),
// each completed in a poll phase; the *Sync ones run on the loop's thread.
(function (host, Buffer, internals) {
  'use strict';
  const { invalidArgType, invalidArgValue, outOfRange, validateInt32, validateInteger, validateFunction, nodeError } = internals;
  // ---------------------------------------------------------------- constants
  // fs.constants of Node 24 on Linux.
  const constants = Object.freeze({
    UV_FS_SYMLINK_DIR: 1, UV_FS_SYMLINK_JUNCTION: 2, O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2,
    UV_DIRENT_UNKNOWN: 0, UV_DIRENT_FILE: 1, UV_DIRENT_DIR: 2, UV_DIRENT_LINK: 3, UV_DIRENT_FIFO: 4,
    UV_DIRENT_SOCKET: 5, UV_DIRENT_CHAR: 6, UV_DIRENT_BLOCK: 7,
    S_IFMT: 61440, S_IFREG: 32768, S_IFDIR: 16384, S_IFCHR: 8192, S_IFBLK: 24576, S_IFIFO: 4096, S_IFLNK: 40960, S_IFSOCK: 49152,
    O_CREAT: 64, O_EXCL: 128, UV_FS_O_FILEMAP: 0, UV_FS_O_TEMPORARY: 0, UV_FS_O_SHORT_LIVED: 0, UV_FS_O_SEQUENTIAL: 0, UV_FS_O_RANDOM: 0,
    O_NOCTTY: 256, O_TRUNC: 512, O_APPEND: 1024, O_DIRECTORY: 65536, O_NOATIME: 262144, O_NOFOLLOW: 131072,
    O_SYNC: 1052672, O_DSYNC: 4096, O_DIRECT: 16384, O_NONBLOCK: 2048,
    S_IRWXU: 448, S_IRUSR: 256, S_IWUSR: 128, S_IXUSR: 64, S_IRWXG: 56, S_IRGRP: 32, S_IWGRP: 16, S_IXGRP: 8,
    S_IRWXO: 7, S_IROTH: 4, S_IWOTH: 2, S_IXOTH: 1, F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1,
    UV_FS_COPYFILE_EXCL: 1, COPYFILE_EXCL: 1, UV_FS_COPYFILE_FICLONE: 2, COPYFILE_FICLONE: 2,
    UV_FS_COPYFILE_FICLONE_FORCE: 4, COPYFILE_FICLONE_FORCE: 4,
  });
  const { O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_TRUNC, O_APPEND, O_SYNC, S_IFMT, S_IFREG } = constants;
  const kIoMaxLength = 2 ** 31 - 1;
  const kReadFileBufferLength = 512 * 1024;
  const kReadFileUnknownBufferLength = 64 * 1024;
  const kWriteFileMaxChunkSize = 512 * 1024;
  const kMaxUserId = 2 ** 32 - 1;
  const promisifyArgNames = Symbol.for('jsloop.node.util.promisify.argumentNames');
  const kEmptyObject = Object.freeze({ __proto__: null });

  // ---------------------------------------------------------------- validation
  // (lib/internal/validators.js, lib/internal/fs/utils.js)
  const isArrayBufferView = ArrayBuffer.isView;
  const isUint8Array = (v) => v instanceof Uint8Array;
  function validateObject(value, name, nullable = false) {
    if (value === null && nullable) return;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalidArgType(name, 'Object', value);
  }
  function validateBoolean(value, name) {
    if (typeof value !== 'boolean') throw invalidArgType(name, 'boolean', value);
  }
  function validateString(value, name) {
    if (typeof value !== 'string') throw invalidArgType(name, 'string', value);
  }
  function validateUint32(value, name, positive = false) {
    if (typeof value !== 'number') throw invalidArgType(name, 'number', value);
    if (!Number.isInteger(value)) throw outOfRange(name, 'an integer', value);
    const min = positive ? 1 : 0;
    if (value < min || value > 4294967295) throw outOfRange(name, `>= ${min} && <= 4294967295`, value);
  }
  function validateBuffer(buffer, name = 'buffer') {
    if (!isArrayBufferView(buffer)) throw invalidArgType(name, ['Buffer', 'TypedArray', 'DataView'], buffer);
  }
  function validateAbortSignal(signal, name) {
    if (signal !== undefined && (signal === null || typeof signal !== 'object' || !('aborted' in signal))) throw invalidArgType(name, 'AbortSignal', signal);
  }
  function validateEncoding(data, encoding) {
    const normalized = encoding === undefined || encoding === null ? undefined : String(encoding).toLowerCase();
    if (normalized === 'hex' && data.length % 2 !== 0) throw invalidArgValue('encoding', encoding, `is invalid for data of length ${data.length}`);
  }
  function validateStringAfterArrayBufferView(buffer, name) {
    if (typeof buffer !== 'string') throw invalidArgType(name, ['string', 'Buffer', 'TypedArray', 'DataView'], buffer);
  }
  // Node's validatePosition: an integer >= -1 or a bigint that fits, after
  // the read, in a 64-bit offset.
  function validatePosition(position, name, length) {
    if (typeof position === 'number') {
      validateInteger(position, name, -1);
    } else if (typeof position === 'bigint') {
      const maxPosition = 2n ** 63n - 1n - BigInt(length);
      if (!(position >= -1n && position <= maxPosition)) throw outOfRange(name, `>= -1 && <= ${maxPosition}`, position);
    } else {
      throw invalidArgType(name, ['integer', 'bigint'], position);
    }
  }
  function validateOffsetLengthRead(offset, length, bufferLength) {
    if (offset < 0) throw outOfRange('offset', '>= 0', offset);
    if (length < 0) throw outOfRange('length', '>= 0', length);
    if (offset + length > bufferLength) throw outOfRange('length', `<= ${bufferLength - offset}`, length);
  }
  function validateOffsetLengthWrite(offset, length, byteLength) {
    if (offset > byteLength) throw outOfRange('offset', `<= ${byteLength}`, offset);
    if (length > byteLength - offset) throw outOfRange('length', `<= ${byteLength - offset}`, length);
    if (length < 0) throw outOfRange('length', '>= 0', length);
    validateInt32(length, 'length', 0);
  }
  // A position as the request takes it: -1 for "the current one".
  const positionArg = (position) => (typeof position === 'bigint' ? String(position) : position == null ? -1 : position);
  function abortError(signal) {
    const e = new Error('The operation was aborted', signal && signal.reason !== undefined ? { cause: signal.reason } : undefined);
    e.name = 'AbortError';
    e.code = 'ABORT_ERR';
    return e;
  }
  function checkAborted(signal, callback) {
    if (signal?.aborted) {
      callback(abortError(signal));
      return true;
    }
    return false;
  }
  function aggregateTwoErrors(inner, outer) {
    if (inner && outer && inner !== outer) {
      if (Array.isArray(outer.errors)) { outer.errors.push(inner); return outer; }
      const err = new AggregateError([outer, inner], outer.message);
      err.code = outer.code;
      return err;
    }
    return inner || outer;
  }
  // Node's fileURLToPath for file: URLs, else ERR_INVALID_URL_SCHEME.
  function fromURL(url) {
    if (url.protocol !== 'file:') throw nodeError(TypeError, 'ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file');
    return internals.require('url').fileURLToPath(url);
  }
  const isURL = (p) => p != null && typeof p === 'object' && typeof p.href === 'string' && typeof p.protocol === 'string' && p.auth === undefined && p.path === undefined;
  // Node's getValidatedPath: a string, Buffer or URL without NUL bytes.
  function toPath(p, name = 'path') {
    if (isURL(p)) p = fromURL(p);
    if (typeof p !== 'string' && !isUint8Array(p)) throw invalidArgType(name, ['string', 'Buffer', 'URL'], p);
    if (typeof p === 'string' ? p.includes('\u0000') : p.includes(0)) {
      throw invalidArgValue(name, p, 'must be a string, Uint8Array, or URL without null bytes');
    }
    return typeof p === 'string' ? p : Buffer.from(p).toString();
  }
  const isFd = (p) => (p | 0) === p;
  // Node's getValidatedFd.
  function validFd(fd, name = 'fd') {
    if (Object.is(fd, -0)) return 0;
    validateInt32(fd, name, 0);
    return fd;
  }
  // Node's assertEncoding and getOptions.
  function assertEncoding(encoding) {
    if (encoding && !Buffer.isEncoding(encoding)) throw invalidArgValue('encoding', encoding, 'is invalid encoding');
  }
  function getOptions(options, defaults = kEmptyObject) {
    if (options == null || typeof options === 'function') return defaults;
    if (typeof options === 'string') options = { ...defaults, encoding: options };
    else if (typeof options !== 'object') throw invalidArgType('options', ['string', 'Object'], options);
    if (options.encoding !== 'buffer') assertEncoding(options.encoding);
    if (options.signal !== undefined) validateAbortSignal(options.signal, 'options.signal');
    return options;
  }
  // Node's stringToFlags.
  function stringToFlags(flags, name = 'flags') {
    if (typeof flags === 'number') return flags;
    if (flags == null) return O_RDONLY;
    switch (flags) {
      case 'r': return O_RDONLY;
      case 'rs': case 'sr': return O_RDONLY | O_SYNC;
      case 'r+': return O_RDWR;
      case 'rs+': case 'sr+': return O_RDWR | O_SYNC;
      case 'w': return O_TRUNC | O_CREAT | O_WRONLY;
      case 'wx': case 'xw': return O_TRUNC | O_CREAT | O_WRONLY | O_EXCL;
      case 'w+': return O_TRUNC | O_CREAT | O_RDWR;
      case 'wx+': case 'xw+': return O_TRUNC | O_CREAT | O_RDWR | O_EXCL;
      case 'a': return O_APPEND | O_CREAT | O_WRONLY;
      case 'ax': case 'xa': return O_APPEND | O_CREAT | O_WRONLY | O_EXCL;
      case 'as': case 'sa': return O_APPEND | O_CREAT | O_WRONLY | O_SYNC;
      case 'a+': return O_APPEND | O_CREAT | O_RDWR;
      case 'ax+': case 'xa+': return O_APPEND | O_CREAT | O_RDWR | O_EXCL;
      case 'as+': case 'sa+': return O_APPEND | O_CREAT | O_RDWR | O_SYNC;
    }
    throw invalidArgValue(name, flags);
  }
  // Node's parseFileMode: a uint32 or an octal string.
  function parseFileMode(value, name, def) {
    value ??= def;
    if (typeof value === 'string') {
      if (!/^[0-7]+$/.test(value)) throw invalidArgValue(name, value, 'must be a 32-bit unsigned integer or an octal string');
      value = parseInt(value, 8);
    }
    validateUint32(value, name);
    return value;
  }
  // Node's toUnixTimestamp: seconds.
  function toUnixTimestamp(time, name = 'time') {
    if (typeof time === 'string' && +time == time) return +time;
    if (Number.isFinite(time)) {
      if (time < 0) return Date.now() / 1000;
      return time;
    }
    if (time instanceof Date) return time.getTime() / 1000;
    throw invalidArgType(name, ['Date', 'Time in seconds'], time);
  }
  function makeCallback(cb) {
    validateFunction(cb, 'cb');
    return (...args) => Reflect.apply(cb, undefined, args);
  }
  // (A name that is not UTF-8 comes from the host as its bytes, which any
  // other encoding decodes as they are: Node's StringBytes::Encode.)
  function encodeName(value, encoding) {
    if (encoding === 'buffer') return Buffer.from(value);
    if (!encoding || encoding === 'utf8' || encoding === 'utf-8') return typeof value === 'string' ? value : Buffer.from(value).toString();
    return Buffer.from(value).toString(encoding);
  }

  // ---------------------------------------------------------------- requests
  // One request on the pool: callback(err, value) in a poll phase.
  const call = (request, callback) => host.fsAsync(request, callback);
  // One request on the loop's thread: the value, or the error thrown.
  const callSync = (request) => host.fsSync(request);
  // The same, as a promise (lib/internal/fs/promises.js's kUsePromises).
  const callP = (request) => new Promise((resolve, reject) => call(request, (err, value) => (err ? reject(err) : resolve(value))));

  // ---------------------------------------------------------------- Stats
  // https://nodejs.org/api/fs.html#class-fsstats (lib/internal/fs/utils.js)
  function StatsBase(dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks) {
    this.dev = dev; this.mode = mode; this.nlink = nlink; this.uid = uid; this.gid = gid; this.rdev = rdev;
    this.blksize = blksize; this.ino = ino; this.size = size; this.blocks = blocks;
  }
  const typeTest = (type) => function () { return this._checkModeProperty(type); };
  Object.assign(StatsBase.prototype, {
    isDirectory: typeTest(constants.S_IFDIR), isFile: typeTest(S_IFREG), isBlockDevice: typeTest(constants.S_IFBLK),
    isCharacterDevice: typeTest(constants.S_IFCHR), isSymbolicLink: typeTest(constants.S_IFLNK), isFIFO: typeTest(constants.S_IFIFO),
    isSocket: typeTest(constants.S_IFSOCK),
  });
  for (const k of Object.keys(StatsBase.prototype)) Object.defineProperty(StatsBase.prototype, k, { enumerable: false });
  const kNsPerMsBigInt = 10n ** 6n;
  const kDates = Symbol('kDates');
  function lazyDates(proto, toDate) {
    for (const name of ['atime', 'mtime', 'ctime', 'birthtime']) {
      Object.defineProperty(proto, name, {
        enumerable: true,
        configurable: true,
        get() {
          const dates = this[kDates] ??= {};
          return dates[name] ??= toDate(this[name + 'Ms']);
        },
        set(value) { Object.defineProperty(this, name, { value, writable: true, enumerable: true, configurable: true }); },
      });
    }
  }
  function Stats(dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks, atimeMs, mtimeMs, ctimeMs, birthtimeMs) {
    if (!new.target) {
      // fs.Stats() without new: deprecated (DEP0180), as Node's wrapper.
      warnStatsConstructor();
      return undefined;
    }
    StatsBase.call(this, dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks);
    this.atimeMs = atimeMs; this.mtimeMs = mtimeMs; this.ctimeMs = ctimeMs; this.birthtimeMs = birthtimeMs;
  }
  Object.setPrototypeOf(Stats.prototype, StatsBase.prototype);
  Object.setPrototypeOf(Stats, StatsBase);
  lazyDates(Stats.prototype, (ms) => new Date(Math.round(Number(ms))));
  Object.defineProperty(Stats.prototype, '_checkModeProperty', {
    value(property) { return (this.mode & S_IFMT) === property; }, writable: true, configurable: true,
  });
  let statsWarned = false;
  function warnStatsConstructor() {
    if (statsWarned) return;
    statsWarned = true;
    internals.emitWarning('fs.Stats constructor is deprecated.', 'DeprecationWarning', 'DEP0180');
  }
  function BigIntStats(dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks, atimeNs, mtimeNs, ctimeNs, birthtimeNs) {
    StatsBase.call(this, dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks);
    this.atimeMs = atimeNs / kNsPerMsBigInt; this.mtimeMs = mtimeNs / kNsPerMsBigInt;
    this.ctimeMs = ctimeNs / kNsPerMsBigInt; this.birthtimeMs = birthtimeNs / kNsPerMsBigInt;
    this.atimeNs = atimeNs; this.mtimeNs = mtimeNs; this.ctimeNs = ctimeNs; this.birthtimeNs = birthtimeNs;
  }
  Object.setPrototypeOf(BigIntStats.prototype, StatsBase.prototype);
  Object.setPrototypeOf(BigIntStats, StatsBase);
  lazyDates(BigIntStats.prototype, (ms) => new Date(Number(ms)));
  Object.defineProperty(BigIntStats.prototype, '_checkModeProperty', {
    value(property) { return (this.mode & BigInt(S_IFMT)) === BigInt(property); }, writable: true, configurable: true,
  });
  // Node's getStatsFromBinding: ten fields, then each time as seconds and nanoseconds.
  function statsFrom(v, bigint) {
    if (bigint) {
      const ns = (i) => BigInt(v[10 + 2 * i]) * 1000000000n + BigInt(v[11 + 2 * i]);
      return new BigIntStats(...v.slice(0, 10).map((n) => BigInt(n)), ns(0), ns(1), ns(2), ns(3));
    }
    const ms = (i) => v[10 + 2 * i] * 1e3 + v[11 + 2 * i] / 1e6;
    return new Stats(...v.slice(0, 10), ms(0), ms(1), ms(2), ms(3));
  }
  // https://nodejs.org/api/fs.html#class-fsstatfs
  class StatFs {
    constructor(type, bsize, blocks, bfree, bavail, files, ffree) {
      Object.assign(this, { type, bsize, blocks, bfree, bavail, files, ffree });
    }
  }
  // https://nodejs.org/api/fs.html#class-fsdirent
  const kType = Symbol('type');
  class Dirent {
    constructor(name, type, path) {
      this.name = name;
      this.parentPath = path;
      this[kType] = type;
    }
    isDirectory() { return this[kType] === constants.UV_DIRENT_DIR; }
    isFile() { return this[kType] === constants.UV_DIRENT_FILE; }
    isBlockDevice() { return this[kType] === constants.UV_DIRENT_BLOCK; }
    isCharacterDevice() { return this[kType] === constants.UV_DIRENT_CHAR; }
    isSymbolicLink() { return this[kType] === constants.UV_DIRENT_LINK; }
    isFIFO() { return this[kType] === constants.UV_DIRENT_FIFO; }
    isSocket() { return this[kType] === constants.UV_DIRENT_SOCKET; }
  }

  // ---------------------------------------------------------------- fs
  const fs = {};
  const promises = {};
  // A callback gets (null) for a request without a value, else (null, value)
  // (Node's FSReqCallback::Resolve).
  const settle = (cb, shape) => (err, value) => {
    if (err) return cb(err);
    if (shape) value = shape(value);
    if (value === undefined) cb(null);
    else cb(null, value);
  };
  // A function of n arguments and an optional options argument before the
  // callback (`callback || options`, as Node reads them), its *Sync twin and
  // its promise: prepare(args, options) -> [request, shape of the value].
  // argsFirst: the arguments are checked before the callback (fchmod,
  // fsync, … in lib/fs.js); else the callback first (stat, unlink, …).
  function define(name, n, prepare, { promise = true, sync = true, argsFirst = false } = {}) {
    fs[name] = function (...a) {
      let options, cb;
      if (typeof a[n] === 'function') cb = a[n];
      else { options = a[n]; cb = a[n + 1]; }
      if (!argsFirst) cb = makeCallback(cb);
      const [request, shape] = prepare(a.slice(0, n), options);
      if (argsFirst) cb = makeCallback(cb);
      call(request, settle(cb, shape));
    };
    if (sync) {
      fs[name + 'Sync'] = function (...a) {
        const [request, shape] = prepare(a.slice(0, n), a[n]);
        const value = callSync(request);
        return shape ? shape(value) : value;
      };
    }
    if (promise) {
      promises[name] = async function (...a) {
        const [request, shape] = prepare(a.slice(0, n), a[n]);
        const value = await callP(request);
        return shape ? shape(value) : value;
      };
    }
  }
  // Node's getValidMode.
  function validMode(mode, type) {
    const max = 7;
    if (mode == null) return type === 'copyFile' ? 0 : constants.F_OK;
    // (Node's getValidMode words this range error its own way.)
    if (typeof mode !== 'number') throw invalidArgType('mode', 'integer', mode);
    if (!Number.isInteger(mode) || mode < 0 || mode > max) throw nodeError(RangeError, 'ERR_OUT_OF_RANGE', `mode is out of range: >= 0 && <= ${max}`);
    return mode;
  }
  const bigintOf = (options) => !!(options && typeof options === 'object' && options.bigint);
  define('access', 1, ([p], mode) => [{ op: 'access', path: toPath(p), mode: validMode(mode, 'access') }], { argsFirst: true });
  define('stat', 1, ([p], o = { bigint: false }) => [{ op: 'stat', path: toPath(p) }, (v) => statsFrom(v, bigintOf(o))]);
  define('lstat', 1, ([p], o = { bigint: false }) => [{ op: 'lstat', path: toPath(p) }, (v) => statsFrom(v, bigintOf(o))]);
  define('fstat', 1, ([fd], o = { bigint: false }) => [{ op: 'fstat', fd: validFd(fd) }, (v) => statsFrom(v, bigintOf(o))], { promise: false, argsFirst: true });
  define('statfs', 1, ([p], o = { bigint: false }) => [{ op: 'statfs', path: toPath(p) }, (v) => new StatFs(...v.map((n) => (bigintOf(o) ? BigInt(n) : n)))]);
  // stat with throwIfNoEntry: false gives undefined for a missing file.
  for (const name of ['stat', 'lstat']) {
    const plain = fs[name];
    fs[name] = function (p, options, callback) {
      if (typeof options === 'function' || !options || options.throwIfNoEntry !== false) return Reflect.apply(plain, this, arguments);
      validateFunction(callback, 'cb');
      plain(p, options, (err, stats) => (err && err.code === 'ENOENT' ? callback(null) : err ? callback(err) : callback(null, stats)));
    };
  }
  for (const name of ['statSync', 'lstatSync']) {
    const plain = fs[name];
    fs[name] = function (p, options = { bigint: false, throwIfNoEntry: true }) {
      try {
        return plain(p, options);
      } catch (e) {
        if (e && e.code === 'ENOENT' && options && options.throwIfNoEntry === false) return undefined;
        throw e;
      }
    };
  }
  define('unlink', 1, ([p]) => [{ op: 'unlink', path: toPath(p) }]);
  define('rmdir', 1, ([p]) => [{ op: 'rmdir', path: toPath(p) }]);
  define('rename', 2, ([a, b]) => [{ op: 'rename', path: toPath(a, 'oldPath'), dest: toPath(b, 'newPath') }]);
  define('copyFile', 2, ([a, b], mode) => [{ op: 'copyFile', path: toPath(a, 'src'), dest: toPath(b, 'dest'), mode: validMode(mode, 'copyFile') }]);
  define('link', 2, ([a, b]) => [{ op: 'link', path: toPath(a, 'existingPath'), dest: toPath(b, 'newPath') }]);
  function symlinkArgs([target, p], type) {
    if (!['dir', 'file', 'junction', null, undefined].includes(type)) {
      throw invalidArgValue('type', type, "must be one of: 'dir', 'file', 'junction', null, undefined");
    }
    return [{ op: 'symlink', path: toPath(target, 'target'), dest: toPath(p) }];
  }
  define('symlink', 2, symlinkArgs);
  const nameShape = (options) => {
    const o = getOptions(options);
    return (v) => encodeName(v, o.encoding);
  };
  define('readlink', 1, ([p], o) => [{ op: 'readlink', path: toPath(p, 'oldPath') }, nameShape(o)]);
  define('realpath', 1, ([p], o) => [{ op: 'realpath', path: toPath(p) }, nameShape(o)]);
  // lib/fs.js warnOnNonPortableTemplate: once, for a prefix ending in X.
  let nonPortableTemplateWarn = true;
  function warnOnNonPortableTemplate(template) {
    if (nonPortableTemplateWarn && ((typeof template === 'string' && template.endsWith('X')) || (isUint8Array(template) && template.at(-1) === 0x58))) {
      internals.emitWarning('mkdtemp() templates ending with X are not portable. For details see: https://nodejs.org/api/fs.html');
      nonPortableTemplateWarn = false;
    }
  }
  define('mkdtemp', 1, ([prefix], o) => {
    const shape = nameShape(o);
    if (typeof prefix !== 'string' && !isUint8Array(prefix) && !isURL(prefix)) throw invalidArgType('prefix', ['string', 'Buffer', 'URL'], prefix);
    const path = toPath(prefix, 'prefix');
    warnOnNonPortableTemplate(isUint8Array(prefix) ? prefix : path);
    return [{ op: 'mkdtemp', path }, shape];
  });
  define('chmod', 1, ([p], mode) => [{ op: 'chmod', path: toPath(p), mode: parseFileMode(mode, 'mode') }], { argsFirst: true });
  define('fchmod', 1, ([fd], mode) => [{ op: 'fchmod', fd: validFd(fd), mode: parseFileMode(mode, 'mode') }], { promise: false, argsFirst: true });
  function ownerArgs(uid, gid) {
    validateInteger(uid, 'uid', -1, kMaxUserId);
    validateInteger(gid, 'gid', -1, kMaxUserId);
    return { uid, gid };
  }
  define('chown', 3, ([p, uid, gid]) => [{ op: 'chown', path: toPath(p), ...ownerArgs(uid, gid) }]);
  define('lchown', 3, ([p, uid, gid]) => [{ op: 'lchown', path: toPath(p), ...ownerArgs(uid, gid) }]);
  define('fchown', 3, ([fd, uid, gid]) => [{ op: 'fchown', fd: validFd(fd), ...ownerArgs(uid, gid) }], { promise: false });
  define('fsync', 1, ([fd]) => [{ op: 'fsync', fd: validFd(fd) }], { promise: false, argsFirst: true });
  define('fdatasync', 1, ([fd]) => [{ op: 'fdatasync', fd: validFd(fd) }], { promise: false, argsFirst: true });
  const times = (atime, mtime) => ({ atime: toUnixTimestamp(atime, 'atime'), mtime: toUnixTimestamp(mtime, 'mtime') });
  define('utimes', 3, ([p, a, m]) => [{ op: 'utimes', path: toPath(p), ...times(a, m) }]);
  define('lutimes', 3, ([p, a, m]) => [{ op: 'lutimes', path: toPath(p), ...times(a, m) }]);
  define('futimes', 3, ([fd, a, m]) => [{ op: 'futimes', fd: validFd(fd), ...times(a, m) }], { promise: false, argsFirst: true });
  fs._toUnixTimestamp = toUnixTimestamp;
  const lenArg = (len) => {
    if (len === undefined) len = 0;
    validateInteger(len, 'len');
    return Math.max(0, len);
  };
  // ftruncate(fd[, len], callback).
  fs.ftruncate = function (fd, len = 0, callback) {
    if (typeof len === 'function') { callback = len; len = 0; }
    fd = validFd(fd);
    len = lenArg(len);
    callback = makeCallback(callback);
    call({ op: 'ftruncate', fd, len }, settle(callback));
  };
  fs.ftruncateSync = (fd, len = 0) => { callSync({ op: 'ftruncate', fd: validFd(fd), len: lenArg(len) }); };
  // truncate(path[, len], callback): open, ftruncate, close (lib/fs.js).
  fs.truncate = function (path, len, callback) {
    if (typeof path === 'number') return fs.ftruncate(path, len, callback);
    if (typeof len === 'function') { callback = len; len = 0; } else if (len === undefined) len = 0;
    validateInteger(len, 'len');
    len = Math.max(0, len);
    validateFunction(callback, 'cb');
    fs.open(path, 'r+', (er, fd) => {
      if (er) return callback(er);
      call({ op: 'ftruncate', fd, len }, (er) => { fs.close(fd, (er2) => callback(aggregateTwoErrors(er2, er))); });
    });
  };
  fs.truncateSync = function (path, len) {
    if (typeof path === 'number') return fs.ftruncateSync(path, len);
    len = lenArg(len);
    const fd = fs.openSync(path, 'r+');
    try { fs.ftruncateSync(fd, len); } finally { fs.closeSync(fd); }
  };
  // mkdir(path[, options], callback): options a mode or { recursive, mode }.
  function mkdirArgs([p], options) {
    let mode = 0o777;
    let recursive = false;
    if (typeof options === 'number' || typeof options === 'string') mode = parseFileMode(options, 'mode');
    else if (options) {
      if (options.recursive !== undefined) recursive = options.recursive;
      if (options.mode !== undefined) mode = parseFileMode(options.mode, 'options.mode');
    }
    const path = toPath(p);
    validateBoolean(recursive, 'options.recursive');
    return [{ op: 'mkdir', path, mode, recursive }, (v) => (recursive ? v : undefined)];
  }
  define('mkdir', 1, mkdirArgs);
  // rm(path[, options], callback): Node's validateRmOptions looks at the path
  // (an lstat request) before removing it.
  function rmOptions(options) {
    options = { force: false, recursive: false, maxRetries: 0, retryDelay: 100, ...(options ?? {}) };
    validateBoolean(options.force, 'options.force');
    validateBoolean(options.recursive, 'options.recursive');
    validateInt32(options.retryDelay, 'options.retryDelay', 0);
    validateUint32(options.maxRetries, 'options.maxRetries');
    return options;
  }
  const isDirError = (path) => {
    const e = nodeError(Error, 'ERR_FS_EISDIR', `Path is a directory: rm returned EISDIR (is a directory) ${path}`);
    Object.assign(e, { errno: 21, syscall: 'rm', path, info: { code: 'EISDIR', message: 'is a directory', path, syscall: 'rm', errno: 21 } });
    return e;
  };
  fs.rm = function (p, options, callback) {
    if (typeof options === 'function') { callback = options; options = undefined; }
    const path = toPath(p);
    callback = makeCallback(callback);
    options = rmOptions(options);
    call({ op: 'lstat', path }, (err, st) => {
      if (err) {
        if (err.code === 'ENOENT' && options.force) return callback(null);
        return callback(err);
      }
      if ((st[1] & S_IFMT) === constants.S_IFDIR && !options.recursive) return callback(isDirError(path));
      call({ op: 'rm', path, recursive: options.recursive, force: options.force }, settle(callback));
    });
  };
  fs.rmSync = function (p, options) {
    const path = toPath(p);
    options = rmOptions(options);
    let st;
    try { st = callSync({ op: 'lstat', path }); } catch (e) {
      if (e.code === 'ENOENT' && options.force) return;
      throw e;
    }
    if ((st[1] & S_IFMT) === constants.S_IFDIR && !options.recursive) throw isDirError(path);
    callSync({ op: 'rm', path, recursive: options.recursive, force: options.force });
  };
  promises.rm = (p, options) => new Promise((resolve, reject) => fs.rm(p, options, (e) => (e ? reject(e) : resolve())));
  // readdir(path[, options], callback): names or Dirents; recursive reads
  // each directory found, breadth first, a request each (lib/fs.js).
  function readdirResult(path, [names, types], options, basePath, out, queue) {
    const join = internals.require('path').join;
    for (let i = 0; i < names.length; i++) {
      const name = encodeName(names[i], options.encoding);
      if (options.withFileTypes) out.push(new Dirent(name, types[i], path));
      else out.push(basePath === null ? name : internals.require('path').relative(basePath, join(path, String(names[i]))));
      if (queue && types[i] === constants.UV_DIRENT_DIR) queue.push(join(path, String(names[i])));
    }
  }
  function readdirOptions(options) {
    options = getOptions(options);
    return { encoding: options.encoding, withFileTypes: !!options.withFileTypes, recursive: !!options.recursive };
  }
  fs.readdir = function (p, options, callback) {
    callback = makeCallback(typeof options === 'function' ? options : callback);
    options = readdirOptions(options);
    const path = toPath(p);
    const out = [];
    if (!options.recursive) {
      call({ op: 'readdir', path }, (err, v) => {
        if (err) return callback(err);
        readdirResult(path, v, options, null, out, null);
        callback(null, out);
      });
      return;
    }
    const queue = [path];
    let i = 0;
    const read = (dir) => call({ op: 'readdir', path: dir }, (err, v) => {
      if (err) return callback(err);
      readdirResult(dir, v, options, path, out, queue);
      if (i < queue.length) read(queue[i++]);
      else callback(null, out);
    });
    read(queue[i++]);
  };
  fs.readdirSync = function (p, options) {
    options = readdirOptions(options);
    const path = toPath(p);
    const out = [];
    const queue = options.recursive ? [path] : null;
    if (!queue) {
      readdirResult(path, callSync({ op: 'readdir', path }), options, null, out, null);
      return out;
    }
    for (let i = 0; i < queue.length; i++) readdirResult(queue[i], callSync({ op: 'readdir', path: queue[i] }), options, path, out, queue);
    return out;
  };
  promises.readdir = async (p, options) => new Promise((resolve, reject) => fs.readdir(p, options, (e, v) => (e ? reject(e) : resolve(v))));
  // exists(path, callback): access, with any error as false (and an invalid
  // path as false at once, lib/fs.js).
  fs.exists = function exists(p, callback) {
    validateFunction(callback, 'cb');
    try {
      fs.access(p, constants.F_OK, (err) => callback(!err));
    } catch {
      return callback(false);
    }
  };
  Object.defineProperty(fs.exists, Symbol.for('nodejs.util.promisify.custom'), {
    value: { exists: (p) => new Promise((resolve) => fs.exists(p, resolve)) }.exists, configurable: true,
  });
  let existsWarned = false;
  fs.existsSync = function (p) {
    try { p = toPath(p); } catch {
      if (!existsWarned) {
        existsWarned = true;
        internals.emitWarning('Passing invalid argument types to fs.existsSync is deprecated', 'DeprecationWarning', 'DEP0187');
      }
      return false;
    }
    return callSync({ op: 'exists', path: p });
  };

  // ---------------------------------------------------------------- descriptors
  // open(path[, flags[, mode]], callback).
  fs.open = function open(path, flags, mode, callback) {
    if (arguments.length < 3) { callback = flags; flags = 'r'; mode = 0o666; }
    else if (typeof mode === 'function') { callback = mode; mode = 0o666; }
    else mode = parseFileMode(mode, 'mode', 0o666);
    const flagsNumber = stringToFlags(flags);
    path = toPath(path);
    callback = makeCallback(callback);
    call({ op: 'open', path, flags: flagsNumber, mode }, (err, fd) => {
      if (err == null) host.unmanagedFd(fd, true);
      callback(err, fd);
    });
  };
  fs.openSync = function (path, flags, mode) {
    flags = stringToFlags(flags);
    mode = parseFileMode(mode, 'mode', 0o666);
    const fd = callSync({ op: 'open', path: toPath(path), flags, mode });
    host.unmanagedFd(fd, true);
    return fd;
  };
  // (host.unmanagedFd: a worker thread keeps the descriptors fs.open gives
  // it, and closes those still open when it exits: Node's trackUnmanagedFds.)
  fs.close = function close(fd, callback = (err) => { if (err != null) throw err; }) {
    fd = validFd(fd);
    if (arguments.length > 1) callback = makeCallback(callback);
    host.unmanagedFd(fd, false);
    call({ op: 'close', fd }, settle(callback));
  };
  fs.closeSync = (fd) => { fd = validFd(fd); host.unmanagedFd(fd, false); callSync({ op: 'close', fd }); };
  // The bytes a request read, copied into the caller's buffer at offset.
  function landBytes(buffer, offset, bytes) {
    new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength).set(bytes, offset);
    return bytes.length;
  }
  // read(fd, buffer, offset, length, position, callback), read(fd, buffer,
  // options, callback), read(fd, options, callback), read(fd, callback).
  fs.read = function read(fd, buffer, offsetOrOptions, length, position, callback) {
    fd = validFd(fd);
    let offset = offsetOrOptions;
    let params = null;
    if (arguments.length <= 4) {
      if (arguments.length === 4) {
        validateObject(offsetOrOptions, 'options', true);
        callback = length;
        params = offsetOrOptions;
      } else if (arguments.length === 3) {
        if (!isArrayBufferView(buffer)) {
          params = buffer;
          ({ buffer = Buffer.alloc(16384) } = params ?? kEmptyObject);
        }
        callback = offsetOrOptions;
      } else {
        callback = buffer;
        buffer = Buffer.alloc(16384);
      }
      if (params !== undefined) validateObject(params, 'options', true);
      ({ offset = 0, length = buffer?.byteLength - offset, position = null } = params ?? kEmptyObject);
    }
    validateBuffer(buffer);
    validateFunction(callback, 'cb');
    if (offset == null) offset = 0;
    else validateInteger(offset, 'offset', 0);
    length |= 0;
    if (position == null) position = -1;
    else validatePosition(position, 'position', length);
    if (length === 0) {
      process.nextTick(() => callback(null, 0, buffer));
      return;
    }
    if (buffer.byteLength === 0) throw invalidArgValue('buffer', buffer, 'is empty and cannot be written');
    validateOffsetLengthRead(offset, length, buffer.byteLength);
    call({ op: 'read', fd, length, position: positionArg(position) }, (err, bytes) => {
      if (err) return callback(err, 0, buffer);
      callback(null, landBytes(buffer, offset, bytes), buffer);
    });
  };
  fs.read[promisifyArgNames] = ['bytesRead', 'buffer'];
  fs.readSync = function readSync(fd, buffer, offsetOrOptions, length, position) {
    fd = validFd(fd);
    validateBuffer(buffer);
    let offset = offsetOrOptions;
    if (arguments.length <= 3 || typeof offsetOrOptions === 'object') {
      if (offsetOrOptions !== undefined) validateObject(offsetOrOptions, 'options', true);
      ({ offset = 0, length = buffer.byteLength - offset, position = null } = offsetOrOptions ?? kEmptyObject);
    }
    if (offset === undefined) offset = 0;
    else validateInteger(offset, 'offset', 0);
    length |= 0;
    if (position == null) position = -1;
    else validatePosition(position, 'position', length);
    if (length === 0) return 0;
    if (buffer.byteLength === 0) throw invalidArgValue('buffer', buffer, 'is empty and cannot be written');
    validateOffsetLengthRead(offset, length, buffer.byteLength);
    return landBytes(buffer, offset, callSync({ op: 'read', fd, length, position: positionArg(position) }));
  };
  const viewBytes = (b, offset = 0, length = b.byteLength - offset) => new Uint8Array(b.buffer, b.byteOffset + offset, length);
  // write(fd, buffer[, offset[, length[, position]]], callback),
  // write(fd, buffer, options, callback), write(fd, string[, position[, encoding]], callback).
  fs.write = function write(fd, buffer, offsetOrOptions, length, position, callback) {
    fd = validFd(fd);
    let offset = offsetOrOptions;
    if (isArrayBufferView(buffer)) {
      callback ||= position || length || offset;
      validateFunction(callback, 'cb');
      if (typeof offset === 'object') {
        ({ offset = 0, length = buffer.byteLength - offset, position = null } = offsetOrOptions ?? kEmptyObject);
      }
      if (offset == null || typeof offset === 'function') offset = 0;
      else validateInteger(offset, 'offset', 0);
      if (typeof length !== 'number') length = buffer.byteLength - offset;
      if (typeof position !== 'number') position = null;
      validateOffsetLengthWrite(offset, length, buffer.byteLength);
      call({ op: 'write', fd, data: viewBytes(buffer, offset, length), position: positionArg(position) }, (err, n) => callback(err, n || 0, buffer));
      return;
    }
    validateStringAfterArrayBufferView(buffer, 'buffer');
    if (typeof position !== 'function') {
      if (typeof offset === 'function') { position = offset; offset = null; } else position = length;
      length = 'utf8';
    }
    const str = buffer;
    validateEncoding(str, length);
    callback = position;
    validateFunction(callback, 'cb');
    const bytes = Buffer.from(str, typeof length === 'string' ? length : 'utf8');
    call({ op: 'write', fd, data: bytes, position: typeof offset === 'number' ? offset : -1 }, (err, n) => callback(err, n || 0, buffer));
  };
  fs.write[promisifyArgNames] = ['bytesWritten', 'buffer'];
  fs.writeSync = function writeSync(fd, buffer, offsetOrOptions, length, position) {
    fd = validFd(fd);
    let offset = offsetOrOptions;
    if (isArrayBufferView(buffer)) {
      if (typeof offset === 'object') {
        ({ offset = 0, length = buffer.byteLength - offset, position = null } = offsetOrOptions ?? kEmptyObject);
      }
      if (position === undefined) position = null;
      if (offset == null) offset = 0;
      else validateInteger(offset, 'offset', 0);
      if (typeof length !== 'number') length = buffer.byteLength - offset;
      if (typeof position !== 'number') position = null;
      validateOffsetLengthWrite(offset, length, buffer.byteLength);
      return callSync({ op: 'write', fd, data: viewBytes(buffer, offset, length), position: positionArg(position) });
    }
    validateStringAfterArrayBufferView(buffer, 'buffer');
    validateEncoding(buffer, length);
    const bytes = Buffer.from(buffer, typeof length === 'string' ? length : 'utf8');
    return callSync({ op: 'write', fd, data: bytes, position: typeof offset === 'number' ? offset : -1 });
  };
  // readv and writev: each buffer a request in turn at the position (libuv's
  // uv__fs_read/uv__fs_write take one iovec per call where preadv is not
  // used), the callback after the last.
  function validateBufferArray(buffers, name = 'buffers') {
    if (!Array.isArray(buffers)) throw invalidArgType(name, 'ArrayBufferView[]', buffers);
    for (const b of buffers) if (!isArrayBufferView(b)) throw invalidArgType(name, 'ArrayBufferView[]', buffers);
    return buffers;
  }
  function vectorSync(kind, fd, buffers, position) {
    let total = 0;
    let pos = typeof position === 'number' ? position : -1;
    for (const b of buffers) {
      const n = kind === 'read'
        ? landBytes(b, 0, callSync({ op: 'read', fd, length: b.byteLength, position: pos }))
        : callSync({ op: 'write', fd, data: viewBytes(b), position: pos });
      total += n;
      if (pos !== -1) pos += n;
      if (n < b.byteLength) break;
    }
    return total;
  }
  function vector(kind, fd, buffers, position, callback) {
    let total = 0;
    let pos = typeof position === 'number' ? position : -1;
    let i = 0;
    const next = () => {
      if (i >= buffers.length) return callback(null, total, buffers);
      const b = buffers[i++];
      const done = (err, n) => {
        if (err) return callback(err, total, buffers);
        total += n;
        if (pos !== -1) pos += n;
        if (n < b.byteLength) return callback(null, total, buffers);
        next();
      };
      if (kind === 'read') call({ op: 'read', fd, length: b.byteLength, position: pos }, (err, bytes) => done(err, err ? 0 : landBytes(b, 0, bytes)));
      else call({ op: 'write', fd, data: viewBytes(b), position: pos }, done);
    };
    next();
  }
  fs.readv = function readv(fd, buffers, position, callback) {
    fd = validFd(fd);
    validateBufferArray(buffers);
    callback ||= position;
    validateFunction(callback, 'cb');
    vector('read', fd, buffers, position, callback);
  };
  fs.readv[promisifyArgNames] = ['bytesRead', 'buffers'];
  fs.readvSync = (fd, buffers, position) => vectorSync('read', validFd(fd), validateBufferArray(buffers), position);
  fs.writev = function writev(fd, buffers, position, callback) {
    fd = validFd(fd);
    validateBufferArray(buffers);
    callback ||= position;
    validateFunction(callback, 'cb');
    if (buffers.length === 0) {
      process.nextTick(callback, null, 0, buffers);
      return;
    }
    vector('write', fd, buffers, position, callback);
  };
  fs.writev[promisifyArgNames] = ['bytesWritten', 'buffers'];
  fs.writevSync = function (fd, buffers, position) {
    fd = validFd(fd);
    validateBufferArray(buffers);
    if (buffers.length === 0) return 0;
    return vectorSync('write', fd, buffers, position);
  };

  // ---------------------------------------------------------------- readFile
  // lib/fs.js and lib/internal/fs/read/context.js: open, fstat, read until
  // the size is read (512 KiB at a time; 64 KiB at a time until a read
  // returns nothing when the size is unknown), close; the callback is the
  // close request's. A descriptor the caller gave is not opened or closed:
  // the fstat follows a nextTick, the callback a nextTick after the reads.
  // A path read with no signal into a Buffer or UTF-8 text is the same
  // chain taken by the host (node/fs/read_file.rs: no JavaScript between
  // the requests), unless the trace is on; its uncommon ends come back to
  // readFileFinish.
  function readFileOptions(options) {
    return getOptions(options, { flag: 'r' });
  }
  function readFile(path, options, callback) {
    callback ||= options;
    validateFunction(callback, 'cb');
    // (A string is the encoding with the flag 'r': getOptions's steps
    // without the object they make. An object's properties are read as
    // Node reads them.)
    let encoding, signal;
    const isString = typeof options === 'string';
    if (isString) {
      if (options !== 'buffer') assertEncoding(options);
      encoding = options;
    } else {
      options = readFileOptions(options);
      encoding = options.encoding;
      signal = options.signal;
    }
    const isUserFd = isFd(path);
    if (!isUserFd) {
      if (!isString && checkAborted(options.signal, callback)) return;
      const flags = stringToFlags(isString ? 'r' : options.flag, 'options.flag');
      path = toPath(path);
      if (signal === undefined && (encoding == null || encoding === 'utf8' || encoding === 'utf-8') &&
          host.fsReadFile(path, flags, encoding != null, callback)) return;
      const context = { callback, encoding, signal, fd: -1, size: 0, pos: 0, buffer: null, buffers: null, err: null, isUserFd };
      call({ op: 'open', path, flags, mode: 0o666 }, (err, fd) => readFileAfterOpen(context, err, fd));
      return;
    }
    const context = { callback, encoding, signal, fd: -1, size: 0, pos: 0, buffer: null, buffers: null, err: null, isUserFd };
    process.nextTick(() => readFileAfterOpen(context, null, path));
  }
  // Its commonest calls, (path, 'utf8', callback) and (path, callback), are
  // the host's (node/fs/read_file.rs), which calls this for the others. (As
  // Node's, an ordinary function, it has an own `prototype` whose
  // `constructor` is the function: ECMA-262 MakeConstructor.)
  fs.readFile = readFile;
  if (typeof host.fastReadFile === 'function') {
    const fast = host.fastReadFile(readFile);
    const prototype = Object.defineProperty({}, 'constructor', { value: fast, writable: true, configurable: true });
    fs.readFile = Object.defineProperty(fast, 'prototype', { value: prototype, writable: true });
  }
  // readFileAfterClose for a chain the host took (node/fs/read_file.rs),
  // when it ends in an error or with bytes it leaves to these steps: `err`
  // the chain's error (or `tooLarge` the size fstat gave over kIoMaxLength),
  // `closeErr` the close's, `bytes` what was read, `size` fstat's size.
  function readFileFinish(callback, encoding, err, tooLarge, closeErr, bytes, size) {
    if (tooLarge !== undefined) err = nodeError(RangeError, 'ERR_FS_FILE_TOO_LARGE', `File size (${tooLarge}) is greater than 2 GiB`);
    const context = { callback, encoding, size, pos: bytes.length, buffer: null, buffers: null, err: err ?? null };
    if (!context.err && !closeErr) {
      if (size === 0) {
        context.buffers = bytes.length ? [Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)] : [];
      } else {
        context.buffer = Buffer.allocUnsafeSlow(size);
        landBytes(context.buffer, 0, bytes);
      }
    }
    readFileAfterClose(context, closeErr);
  }
  host.fsReadFileFinish(readFileFinish);
  function readFileAfterOpen(context, err, fd) {
    if (err) return context.callback(err);
    context.fd = fd;
    call({ op: 'fstat', fd }, (err, st) => {
      if (err) return readFileClose(context, err);
      const size = context.size = (st[1] & S_IFMT) === S_IFREG ? st[8] : 0;
      if (size > kIoMaxLength) return readFileClose(context, nodeError(RangeError, 'ERR_FS_FILE_TOO_LARGE', `File size (${size}) is greater than 2 GiB`));
      if (size === 0) context.buffers = [];
      else context.buffer = Buffer.allocUnsafeSlow(size);
      readFileRead(context);
    });
  }
  function readFileRead(context) {
    if (context.signal?.aborted) return readFileClose(context, abortError(context.signal));
    const length = context.size === 0 ? kReadFileUnknownBufferLength : Math.min(kReadFileBufferLength, context.size - context.pos);
    call({ op: 'read', fd: context.fd, length, position: -1 }, (err, bytes) => {
      if (err) return readFileClose(context, err);
      if (context.size === 0) {
        if (bytes.length) context.buffers.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
      } else {
        landBytes(context.buffer, context.pos, bytes);
      }
      context.pos += bytes.length;
      if (context.pos === context.size || bytes.length === 0) readFileClose(context, null);
      else readFileRead(context);
    });
  }
  function readFileClose(context, err) {
    context.err = err;
    if (context.isUserFd) {
      process.nextTick(() => readFileAfterClose(context, null));
      return;
    }
    call({ op: 'close', fd: context.fd }, (closeErr) => readFileAfterClose(context, closeErr));
  }
  function readFileAfterClose(context, err) {
    const callback = context.callback;
    if (context.err || err) return callback(aggregateTwoErrors(err, context.err));
    let buffer;
    try {
      if (context.size === 0) buffer = Buffer.concat(context.buffers, context.pos);
      else if (context.pos < context.size) buffer = context.buffer.slice(0, context.pos);
      else buffer = context.buffer;
      if (context.encoding) buffer = buffer.toString(context.encoding);
    } catch (e) {
      return callback(e);
    }
    callback(null, buffer);
  }
  fs.readFileSync = function readFileSync(path, options) {
    options = readFileOptions(options);
    const isUserFd = isFd(path);
    const fd = isUserFd ? path : fs.openSync(path, options.flag, 0o666);
    let buffer;
    try {
      const st = callSync({ op: 'fstat', fd });
      const size = (st[1] & S_IFMT) === S_IFREG ? st[8] : 0;
      if (size > kIoMaxLength) throw nodeError(RangeError, 'ERR_FS_FILE_TOO_LARGE', `File size (${size}) is greater than 2 GiB`);
      let pos = 0;
      if (size !== 0) {
        buffer = Buffer.allocUnsafe(size);
        let n;
        do {
          n = fs.readSync(fd, buffer, pos, size - pos);
          pos += n;
        } while (n !== 0 && pos < size);
        if (pos < size) buffer = buffer.slice(0, pos);
      } else {
        const chunks = [];
        let n;
        do {
          const chunk = Buffer.allocUnsafe(8192);
          n = fs.readSync(fd, chunk, 0, 8192);
          if (n !== 0) chunks.push(chunk.slice(0, n));
          pos += n;
        } while (n !== 0);
        buffer = Buffer.concat(chunks, pos);
      }
    } finally {
      if (!isUserFd) fs.closeSync(fd);
    }
    return options.encoding ? buffer.toString(options.encoding) : buffer;
  };

  // ---------------------------------------------------------------- writeFile
  const isIterable = (v) => v != null && (typeof v[Symbol.iterator] === 'function' || typeof v[Symbol.asyncIterator] === 'function');
  const isCustomIterable = (v) => isIterable(v) && !isArrayBufferView(v) && typeof v !== 'string';
  function writeFileData(data, options, iterables = false) {
    if (!isArrayBufferView(data) && !(iterables && isCustomIterable(data))) {
      validateStringAfterArrayBufferView(data, 'data');
      data = Buffer.from(data, options.encoding || 'utf8');
    }
    return data;
  }
  // writeAll (lib/fs.js): fs.write until all is written, fs.fsync with
  // flush, then fs.close of a descriptor writeFile opened; each through
  // the module's own functions, as Node calls them.
  function writeAll(fd, isUserFd, buffer, offset, length, signal, flush, callback) {
    if (signal?.aborted) {
      const e = abortError(signal);
      if (isUserFd) callback(e);
      else fs.close(fd, (err) => callback(aggregateTwoErrors(err, e)));
      return;
    }
    fs.write(fd, buffer, offset, length, null, (writeErr, written) => {
      if (writeErr) {
        if (isUserFd) callback(writeErr);
        else fs.close(fd, (err) => callback(aggregateTwoErrors(err, writeErr)));
      } else if (written === length) {
        if (!flush) {
          if (isUserFd) callback(null);
          else fs.close(fd, callback);
        } else {
          fs.fsync(fd, (syncErr) => {
            if (syncErr) {
              if (isUserFd) callback(syncErr);
              else fs.close(fd, (err) => callback(aggregateTwoErrors(err, syncErr)));
            } else if (isUserFd) callback(null);
            else fs.close(fd, callback);
          });
        }
      } else {
        writeAll(fd, isUserFd, buffer, offset + written, length - written, signal, flush, callback);
      }
    });
  }
  fs.writeFile = function writeFile(path, data, options, callback) {
    callback ||= options;
    validateFunction(callback, 'cb');
    options = getOptions(options, { encoding: 'utf8', mode: 0o666, flag: 'w', flush: false });
    const flag = options.flag || 'w';
    const flush = options.flush ?? false;
    validateBoolean(flush, 'options.flush');
    data = writeFileData(data, options);
    if (isFd(path)) {
      writeAll(path, true, data, 0, data.byteLength, options.signal, flush, callback);
      return;
    }
    if (checkAborted(options.signal, callback)) return;
    fs.open(path, flag, options.mode, (openErr, fd) => {
      if (openErr) callback(openErr);
      else writeAll(fd, false, data, 0, data.byteLength, options.signal, flush, callback);
    });
  };
  fs.writeFileSync = function writeFileSync(path, data, options) {
    options = getOptions(options, { encoding: 'utf8', mode: 0o666, flag: 'w', flush: false });
    const flush = options.flush ?? false;
    validateBoolean(flush, 'options.flush');
    data = writeFileData(data, options);
    const isUserFd = isFd(path);
    const fd = isUserFd ? path : fs.openSync(path, options.flag || 'w', options.mode);
    try {
      let offset = 0;
      let length = data.byteLength;
      while (length > 0) {
        const written = fs.writeSync(fd, data, offset, length);
        offset += written;
        length -= written;
      }
      if (flush) fs.fsyncSync(fd);
    } finally {
      if (!isUserFd) fs.closeSync(fd);
    }
  };
  fs.appendFile = function appendFile(path, data, options, callback) {
    callback ||= options;
    validateFunction(callback, 'cb');
    options = { ...getOptions(options, { encoding: 'utf8', mode: 0o666, flag: 'a' }) };
    if (!options.flag || isFd(path)) options.flag = 'a';
    fs.writeFile(path, data, options, callback);
  };
  fs.appendFileSync = function appendFileSync(path, data, options) {
    options = { ...getOptions(options, { encoding: 'utf8', mode: 0o666, flag: 'a' }) };
    if (!options.flag || isFd(path)) options.flag = 'a';
    fs.writeFileSync(path, data, options);
  };

  // ---------------------------------------------------------------- fs/promises
  // lib/internal/fs/promises.js: a FileHandle owns a descriptor; each
  // operation holds a reference (fsCall), and close() closes it once none
  // is left.
  const EventEmitter = internals.require('events');
  const kFd = Symbol('kFd');
  const kRefs = Symbol('kRefs');
  const kClosePromise = Symbol('kClosePromise');
  const kTransferred = Symbol('kTransferred');
  const { kTransfer, kTransferList, kDeserialize } = internals.transferSymbols;
  const kCloseResolve = Symbol('kCloseResolve');
  const kCloseReject = Symbol('kCloseReject');
  const closeFd = (fd) => callP({ op: 'close', fd });
  // https://nodejs.org/api/fs.html#class-filehandle
  class FileHandle extends EventEmitter {
    constructor(fd) {
      super();
      this[kFd] = fd;
      this[kRefs] = 1;
      this[kClosePromise] = null;
    }
    getAsyncId() { return 0; }
    get fd() { return this[kFd]; }
    appendFile(data, options) { return fsCall(writeFileP, this, data, options); }
    chmod(mode) { return fsCall(fchmodP, this, mode); }
    chown(uid, gid) { return fsCall(fchownP, this, uid, gid); }
    datasync() { return fsCall(fsyncP, this, true); }
    sync() { return fsCall(fsyncP, this, false); }
    read(buffer, offset, length, position) { return fsCall(readP, this, buffer, offset, length, position); }
    readv(buffers, position) { return fsCall(readvP, this, buffers, position); }
    readFile(options) { return fsCall(readFileP, this, options); }
    readLines(options = undefined) {
      return internals.require('readline').createInterface({ input: this.createReadStream(options), crlfDelay: Infinity });
    }
    stat(options) { return fsCall(fstatP, this, options); }
    truncate(len = 0) { return fsCall(ftruncateP, this, len); }
    utimes(atime, mtime) { return fsCall(futimesP, this, atime, mtime); }
    write(buffer, offset, length, position) { return fsCall(writeP, this, buffer, offset, length, position); }
    writev(buffers, position) { return fsCall(writevP, this, buffers, position); }
    writeFile(data, options) { return fsCall(writeFileP, this, data, options); }
    close() {
      if (this[kFd] === -1) return Promise.resolve();
      if (this[kClosePromise]) return this[kClosePromise];
      this[kRefs]--;
      if (this[kRefs] === 0) {
        const fd = this[kFd];
        this[kFd] = -1;
        this[kClosePromise] = closeFd(fd).finally(() => { this[kClosePromise] = undefined; });
      } else {
        this[kClosePromise] = new Promise((resolve, reject) => {
          this[kCloseResolve] = resolve;
          this[kCloseReject] = reject;
        }).finally(() => {
          this[kClosePromise] = undefined;
          this[kCloseReject] = undefined;
          this[kCloseResolve] = undefined;
        });
      }
      this.emit('close');
      return this[kClosePromise];
    }
    async [Symbol.asyncDispose]() { return this.close(); }
    // lib/internal/fs/promises.js: a FileHandle is transferable (not
    // cloneable). Its descriptor goes with the message, and this one is
    // detached; not while an operation or its close is in flight.
    [kTransfer]() {
      if (this[kClosePromise] || this[kRefs] > 1) throw new DOMException('Cannot transfer FileHandle while in use', 'DataCloneError');
      const fd = this[kFd];
      this[kFd] = -1;
      this[kRefs] = 0;
      this[kTransferred] = true;
      return { data: { fd }, deserializeInfo: 'internal/fs/promises:FileHandle' };
    }
    [kTransferList]() { return []; }
    [kDeserialize]({ fd }) { this[kFd] = fd; this[kRefs] = 1; }
    createReadStream(options = undefined) { return new (fsStreams().ReadStream)(undefined, { ...options, fd: this }); }
    createWriteStream(options = undefined) { return new (fsStreams().WriteStream)(undefined, { ...options, fd: this }); }
    readableWebStream() { throw nodeError(Error, 'ERR_METHOD_NOT_IMPLEMENTED', 'The readableWebStream() method is not implemented'); }
    ref() { this[kRefs]++; }
    unref() {
      this[kRefs]--;
      if (this[kRefs] === 0) {
        const fd = this[kFd];
        this[kFd] = -1;
        closeFd(fd).then(this[kCloseResolve], this[kCloseReject]);
      }
    }
  }
  async function fsCall(fn, handle, ...args) {
    if (handle.fd === -1) {
      const err = new Error(handle[kTransferred] ? 'The FileHandle has been transferred' : 'file closed');
      err.code = 'EBADF';
      err.syscall = fn.syscall;
      throw err;
    }
    try {
      handle.ref();
      return await fn(handle, ...args);
    } finally {
      handle.unref();
    }
  }
  const named = (syscall, fn) => Object.assign(fn, { syscall });
  const fchmodP = named('fchmod', async (h, mode) => { await callP({ op: 'fchmod', fd: h.fd, mode: parseFileMode(mode, 'mode') }); });
  const fchownP = named('fchown', async (h, uid, gid) => { await callP({ op: 'fchown', fd: h.fd, ...ownerArgs(uid, gid) }); });
  const fsyncP = named('fsync', async (h, data) => { await callP({ op: data ? 'fdatasync' : 'fsync', fd: h.fd }); });
  const fstatP = named('fstat', async (h, options = { bigint: false }) => statsFrom(await callP({ op: 'fstat', fd: h.fd }), bigintOf(options)));
  const ftruncateP = named('ftruncate', async (h, len) => { await callP({ op: 'ftruncate', fd: h.fd, len: lenArg(len) }); });
  const futimesP = named('futime', async (h, atime, mtime) => { await callP({ op: 'futimes', fd: h.fd, ...times(atime, mtime) }); });
  const readP = named('read', async (handle, bufferOrParams, offset, length, position) => {
    let buffer = bufferOrParams;
    if (!isArrayBufferView(buffer)) {
      if (bufferOrParams !== undefined) validateObject(bufferOrParams, 'options', true);
      ({ buffer = Buffer.alloc(16384), offset = 0, length = buffer.byteLength - offset, position = null } = bufferOrParams ?? kEmptyObject);
      validateBuffer(buffer);
    }
    if (offset !== null && typeof offset === 'object') {
      ({ offset = 0, length = buffer.byteLength - offset, position = null } = offset);
    }
    if (offset == null) offset = 0;
    else validateInteger(offset, 'offset', 0);
    length ??= buffer.byteLength - offset;
    if (length === 0) return { __proto__: null, bytesRead: length, buffer };
    if (buffer.byteLength === 0) throw invalidArgValue('buffer', buffer, 'is empty and cannot be written');
    validateOffsetLengthRead(offset, length, buffer.byteLength);
    if (position == null) position = -1;
    else validatePosition(position, 'position', length);
    const bytes = await callP({ op: 'read', fd: handle.fd, length, position: positionArg(position) });
    return { __proto__: null, bytesRead: landBytes(buffer, offset, bytes), buffer };
  });
  const readvP = named('readv', async (handle, buffers, position) => {
    validateBufferArray(buffers);
    const bytesRead = await new Promise((resolve, reject) => vector('read', handle.fd, buffers, position, (e, n) => (e ? reject(e) : resolve(n))));
    return { __proto__: null, bytesRead, buffers };
  });
  const writevP = named('writev', async (handle, buffers, position) => {
    validateBufferArray(buffers);
    if (buffers.length === 0) return { __proto__: null, bytesWritten: 0, buffers };
    const bytesWritten = await new Promise((resolve, reject) => vector('write', handle.fd, buffers, position, (e, n) => (e ? reject(e) : resolve(n))));
    return { __proto__: null, bytesWritten, buffers };
  });
  const writeP = named('write', async (handle, buffer, offsetOrOptions, length, position) => {
    if (buffer?.byteLength === 0) return { __proto__: null, bytesWritten: 0, buffer };
    let offset = offsetOrOptions;
    if (isArrayBufferView(buffer)) {
      if (typeof offset === 'object') {
        ({ offset = 0, length = buffer.byteLength - offset, position = null } = offsetOrOptions ?? kEmptyObject);
      }
      if (offset == null) offset = 0;
      else validateInteger(offset, 'offset', 0);
      if (typeof length !== 'number') length = buffer.byteLength - offset;
      if (typeof position !== 'number') position = null;
      validateOffsetLengthWrite(offset, length, buffer.byteLength);
      const bytesWritten = (await callP({ op: 'write', fd: handle.fd, data: viewBytes(buffer, offset, length), position: positionArg(position) })) || 0;
      return { __proto__: null, bytesWritten, buffer };
    }
    validateStringAfterArrayBufferView(buffer, 'buffer');
    validateEncoding(buffer, length);
    const bytes = Buffer.from(buffer, typeof length === 'string' ? length : 'utf8');
    const bytesWritten = (await callP({ op: 'write', fd: handle.fd, data: bytes, position: typeof offset === 'number' ? offset : -1 })) || 0;
    return { __proto__: null, bytesWritten, buffer };
  });
  function checkAbortedP(signal) {
    if (signal?.aborted) throw abortError(signal);
  }
  // readFileHandle: fstat, then reads (one of the whole size up to 512 KiB
  // at a time; 64 KiB at a time until nothing comes when the size is unknown).
  async function readFileHandle(handle, options) {
    const signal = options?.signal;
    const encoding = options?.encoding;
    checkAbortedP(signal);
    const st = await callP({ op: 'fstat', fd: handle.fd });
    checkAbortedP(signal);
    const size = (st[1] & S_IFMT) === S_IFREG ? st[8] : 0;
    if (size > kIoMaxLength) throw nodeError(RangeError, 'ERR_FS_FILE_TOO_LARGE', `File size (${size}) is greater than 2 GiB`);
    const chunks = [];
    let total = 0;
    for (;;) {
      checkAbortedP(signal);
      const length = size === 0 ? kReadFileUnknownBufferLength : Math.min(kReadFileBufferLength, size - total);
      const bytes = await callP({ op: 'read', fd: handle.fd, length, position: -1 });
      total += bytes.length;
      if (bytes.length) chunks.push(bytes);
      if (bytes.length === 0 || total === size || (size !== 0 && bytes.length !== length)) {
        const buffer = Buffer.concat(chunks, total);
        return encoding ? buffer.toString(encoding) : buffer;
      }
    }
  }
  async function writeFileHandle(handle, data, signal, encoding) {
    checkAbortedP(signal);
    if (isCustomIterable(data)) {
      for await (const chunk of data) {
        checkAbortedP(signal);
        const bytes = isArrayBufferView(chunk) ? chunk : Buffer.from(chunk, encoding || 'utf8');
        let at = 0;
        while (at < bytes.byteLength) at += await callP({ op: 'write', fd: handle.fd, data: viewBytes(bytes, at), position: -1 });
      }
      return;
    }
    data = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    let remaining = data.byteLength;
    if (remaining === 0) return;
    do {
      checkAbortedP(signal);
      const size = Math.min(kWriteFileMaxChunkSize, remaining);
      const n = await callP({ op: 'write', fd: handle.fd, data: data.subarray(data.byteLength - remaining, data.byteLength - remaining + size), position: -1 });
      remaining -= n;
    } while (remaining > 0);
  }
  function handleFdClose(operation, close) {
    return operation.then(
      (result) => close().then(() => result),
      (opError) => close().then(() => Promise.reject(opError), (closeError) => Promise.reject(aggregateTwoErrors(closeError, opError))),
    );
  }
  function handleFdSync(operation, handle) {
    return operation.then(() => handle.sync());
  }
  async function openP(path, flags, mode) {
    path = toPath(path);
    const flagsNumber = stringToFlags(flags);
    mode = parseFileMode(mode, 'mode', 0o666);
    return new FileHandle(await callP({ op: 'open', path, flags: flagsNumber, mode }));
  }
  const readFileP = named('readFile', async (path, options) => {
    options = getOptions(options, { flag: 'r' });
    const flag = options.flag || 'r';
    if (path instanceof FileHandle) return readFileHandle(path, options);
    checkAbortedP(options.signal);
    const handle = await openP(path, flag, 0o666);
    return handleFdClose(readFileHandle(handle, options), () => handle.close());
  });
  const writeFileP = named('writeFile', async (path, data, options) => {
    options = getOptions(options, { encoding: 'utf8', mode: 0o666, flag: 'w', flush: false });
    const flag = options.flag || 'w';
    const flush = options.flush ?? false;
    validateBoolean(flush, 'options.flush');
    data = writeFileData(data, options, true);
    validateAbortSignal(options.signal, 'options.signal');
    if (path instanceof FileHandle) return writeFileHandle(path, data, options.signal, options.encoding);
    checkAbortedP(options.signal);
    const handle = await openP(path, flag, options.mode);
    let op = writeFileHandle(handle, data, options.signal, options.encoding);
    if (flush) op = handleFdSync(op, handle);
    return handleFdClose(op, () => handle.close());
  });
  promises.open = openP;
  promises.readFile = (path, options) => readFileP(path, options);
  promises.writeFile = (path, data, options) => writeFileP(path, data, options);
  promises.appendFile = async (path, data, options) => {
    options = { ...getOptions(options, { encoding: 'utf8', mode: 0o666, flag: 'a' }) };
    options.flag ||= 'a';
    return writeFileP(path, data, options);
  };
  promises.truncate = async (path, len = 0) => {
    const handle = await openP(path, 'r+');
    return handleFdClose(ftruncateP(handle, len), () => handle.close());
  };
  promises.lchmod = undefined;
  delete promises.lchmod;
  promises.FileHandle = FileHandle;
  promises.constants = constants;

  // ---------------------------------------------------------------- Dir
  // https://nodejs.org/api/fs.html#class-fsdir (lib/internal/fs/dir.js):
  // opendir is one request (libuv's uv_fs_opendir: the path must be a
  // directory); the first read() is a request that reads the entries (all
  // at once: libuv reads bufferSize at a time), the next ones give
  // buffered entries after a nextTick. While a read is in flight, other
  // operations queue behind it and the synchronous ones throw.
  const dirClosed = () => nodeError(Error, 'ERR_DIR_CLOSED', 'Directory handle was closed');
  const dirConcurrent = () => nodeError(Error, 'ERR_DIR_CONCURRENT_OPERATION', 'Cannot do synchronous work on directory handle with concurrent asynchronous operations');
  class Dir {
    #path; #options; #entries = null; #closed = false; #queue = null;
    constructor(handle, path, options) {
      if (handle == null) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "handle" argument must be specified');
      this.#path = path;
      this.#options = { bufferSize: 32, ...getOptions(options) };
      validateUint32(this.#options.bufferSize, 'options.bufferSize', true);
      this.#entries = handle.entries ?? null;
    }
    get path() {
      if (!(#path in this)) throw nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type Dir');
      return this.#path;
    }
    #take() {
      const entry = this.#entries.shift();
      return entry === undefined ? null : entry;
    }
    #readAll(v) {
      const [names, types] = v;
      return names.map((n, i) => new Dirent(encodeName(n, this.#options.encoding), types[i], this.#path));
    }
    read(callback) {
      if (callback === undefined) {
        if (this.#closed) return Promise.reject(dirClosed());
        return new Promise((resolve, reject) => this.read((e, v) => (e ? reject(e) : resolve(v))));
      }
      if (this.#closed) throw dirClosed();
      validateFunction(callback, 'callback');
      if (this.#queue !== null) {
        this.#queue.push(() => this.read(callback));
        return;
      }
      if (this.#entries !== null) {
        process.nextTick(callback, null, this.#take());
        return;
      }
      this.#queue = [];
      call({ op: 'readdir', path: this.#path }, (err, v) => {
        const queue = this.#queue;
        this.#queue = null;
        process.nextTick(() => { for (const op of queue) op(); });
        if (err) return callback(err);
        this.#entries = this.#readAll(v);
        callback(null, this.#take());
      });
    }
    readSync() {
      if (this.#closed) throw dirClosed();
      if (this.#queue !== null) throw dirConcurrent();
      if (this.#entries === null) this.#entries = this.#readAll(callSync({ op: 'readdir', path: this.#path }));
      return this.#take();
    }
    close(callback) {
      if (callback === undefined) {
        if (this.#closed) return Promise.reject(dirClosed());
        return new Promise((resolve, reject) => this.close((e) => (e ? reject(e) : resolve())));
      }
      validateFunction(callback, 'callback');
      if (this.#closed) {
        process.nextTick(callback, dirClosed());
        return;
      }
      if (this.#queue !== null) {
        this.#queue.push(() => this.close(callback));
        return;
      }
      this.#closed = true;
      process.nextTick(callback, null);
    }
    closeSync() {
      if (this.#closed) throw dirClosed();
      if (this.#queue !== null) throw dirConcurrent();
      this.#closed = true;
    }
    // The async iterator: the directory is closed when the loop ends, its
    // return() marking it closed at once (QuickJS does not wait for an
    // iterator's return() when the loop body throws).
    entries() {
      let done = false;
      const finish = async () => {
        if (!done) {
          done = true;
          if (this.#queue === null) this.#closed = true;
          else await this.close();
        }
        return { value: undefined, done: true };
      };
      return {
        next: async () => {
          if (done) return { value: undefined, done: true };
          const entry = await this.read();
          if (entry === null) return finish();
          return { value: entry, done: false };
        },
        return: finish,
        [Symbol.asyncIterator]() { return this; },
      };
    }
    [Symbol.asyncIterator]() { return this.entries(); }
    *[Symbol.iterator]() {
      try {
        for (;;) {
          const entry = this.readSync();
          if (entry === null) break;
          yield entry;
        }
      } finally {
        if (!this.#closed) this.closeSync();
      }
    }
    async [Symbol.asyncDispose]() { if (!this.#closed) await this.close(); }
    [Symbol.dispose]() { if (!this.#closed) this.closeSync(); }
  }
  // uv_fs_opendir's errors: a missing path, or one that is not a directory.
  function opendirError(err) {
    if (err && err.syscall) {
      err.message = err.message.replace(`, ${err.syscall}`, ', opendir');
      err.syscall = 'opendir';
    }
    return err;
  }
  const notADirectory = (st, path) => {
    if ((st[1] & S_IFMT) === constants.S_IFDIR) return null;
    const e = new Error(`ENOTDIR: not a directory, opendir '${path}'`);
    return Object.assign(e, { errno: -20, code: 'ENOTDIR', syscall: 'opendir', path });
  };
  function opendirArgs(p, options) {
    options = getOptions(options, { encoding: 'utf8' });
    return [toPath(p), options];
  }
  fs.opendir = function opendir(p, options, callback) {
    callback = typeof options === 'function' ? options : callback;
    validateFunction(callback, 'callback');
    const [path, o] = opendirArgs(p, typeof options === 'function' ? undefined : options);
    const dir = new Dir({}, path, o);
    call({ op: 'stat', path }, (err, st) => {
      if (err) return callback(opendirError(err));
      const bad = notADirectory(st, path);
      if (bad) return callback(bad);
      callback(null, dir);
    });
  };
  fs.opendirSync = function opendirSync(p, options) {
    const [path, o] = opendirArgs(p, options);
    const dir = new Dir({}, path, o);
    let st;
    try { st = callSync({ op: 'stat', path }); } catch (err) { throw opendirError(err); }
    const bad = notADirectory(st, path);
    if (bad) throw bad;
    return dir;
  };
  promises.opendir = (p, options) => new Promise((resolve, reject) => fs.opendir(p, options, (e, d) => (e ? reject(e) : resolve(d))));
  // mkdtempDisposable: the directory, removed (recursively) on dispose.
  function disposableDir(path) {
    let removed = false;
    const full = internals.require('path').resolve(path);
    const remove = () => { if (!removed) { removed = true; fs.rmSync(full, { recursive: true, force: true }); } };
    return { path, remove, [Symbol.dispose]: remove };
  }
  fs.mkdtempDisposableSync = (prefix, options) => disposableDir(fs.mkdtempSync(prefix, options));
  promises.mkdtempDisposable = async (prefix, options) => {
    const path = await promises.mkdtemp(prefix, options);
    const full = internals.require('path').resolve(path);
    let removed = false;
    const remove = async () => { if (!removed) { removed = true; await promises.rm(full, { recursive: true, force: true }); } };
    return { path, remove, [Symbol.asyncDispose]: remove };
  };
  // fs.ReadStream and fs.WriteStream (Node's lib/internal/fs/streams.js):
  // a Readable and a Writable over a file descriptor. The file is opened in
  // _construct (so 'open' and 'ready' come after the open request completes,
  // in the poll phase), read in highWaterMark pieces (64 KiB) from `start`
  // to `end` (inclusive), and closed by _destroy once no read or write is in
  // flight.
  let streamClasses = null;
  function fsStreams() {
    if (streamClasses) return streamClasses;
    const { Readable, Writable, finished } = internals.require('stream');
    const kIoDone = Symbol('kIoDone');
    const kIsPerformingIO = Symbol('kIsPerformingIO');
    const kFs = Symbol('kFs');
    function streamOptions(options) {
      if (options === null || options === undefined) return {};
      if (typeof options === 'string') return { encoding: options };
      if (typeof options !== 'object') throw invalidArgType('options', ['string', 'Object'], options);
      const encoding = options.encoding;
      if (encoding && encoding !== 'buffer' && !Buffer.isEncoding(encoding)) throw invalidArgValue('encoding', encoding, 'is invalid encoding');
      return { ...options };
    }
    function validateStart(stream, name, value) {
      if (typeof value !== 'number') throw invalidArgType(name, 'number', value);
      internals.validateInteger(value, name, 0);
    }
    function open(callback) {
      const stream = this;
      if (typeof stream.fd === 'number') {
        callback();
        return;
      }
      stream[kFs].open(stream.path, stream.flags, stream.mode, (er, fd) => {
        if (er) {
          callback(er);
        } else {
          stream.fd = fd;
          callback();
          stream.emit('open', stream.fd);
          stream.emit('ready');
        }
      });
    }
    function close(stream, err, cb) {
      if (!stream.fd && stream.fd !== 0) {
        cb(err);
        return;
      }
      stream[kFs].close(stream.fd, (er) => { cb(er || err); });
      stream.fd = null;
    }
    function importFd(stream, options) {
      if (options.fd instanceof FileHandle) {
        // A FileHandle's stream reads, writes and closes through the handle
        // (lib/internal/fs/streams.js, FileHandleOperations).
        const handle = options.fd;
        stream[kFs] = {
          open: (path, flags, mode, cb) => process.nextTick(cb, null, handle.fd),
          read: (fd, buf, offset, length, pos, cb) => handle.read(buf, offset, length, pos).then((r) => cb(null, r.bytesRead, r.buffer), cb),
          write: (fd, buf, offset, length, pos, cb) => handle.write(buf, offset, length, pos).then((r) => cb(null, r.bytesWritten, r.buffer), cb),
          writev: (fd, buffers, pos, cb) => handle.writev(buffers, pos).then((r) => cb(null, r.bytesWritten, r.buffers), cb),
          // (The stream's reference goes with its close.)
          close: (fd, cb) => { handle.unref(); handle.close().then(() => cb(), cb); },
        };
        // The stream holds a reference to the handle while it is open (the
        // handle is in use: not transferable, its close waits).
        handle.ref();
        handle.on('close', () => { if (!stream.destroyed) stream.destroy(); });
        return handle.fd;
      }
      if (typeof options.fd !== 'number') throw invalidArgType('options.fd', ['number', 'FileHandle'], options.fd);
      stream[kFs] = options.fs || fs;
      return validFd(options.fd);
    }
    function ReadStream(path, options) {
      if (!(this instanceof ReadStream)) return new ReadStream(path, options);
      options = streamOptions(options);
      if (options.highWaterMark === undefined) options.highWaterMark = 64 * 1024;
      if (options.fd == null) {
        this.fd = null;
        this[kFs] = options.fs || fs;
        internals.validateFunction(this[kFs].open, 'options.fs.open');
        this.path = toPath(path);
        this.flags = options.flags === undefined ? 'r' : options.flags;
        this.mode = options.mode === undefined ? 0o666 : options.mode;
      } else {
        this.fd = importFd(this, options);
      }
      options.autoDestroy = options.autoClose === undefined ? true : options.autoClose;
      internals.validateFunction(this[kFs].read, 'options.fs.read');
      if (options.autoDestroy) internals.validateFunction(this[kFs].close, 'options.fs.close');
      this.start = options.start;
      this.end = options.end;
      this.pos = undefined;
      this.bytesRead = 0;
      this[kIsPerformingIO] = false;
      if (this.start !== undefined) {
        validateStart(this, 'start', this.start);
        this.pos = this.start;
      }
      if (this.end === undefined) {
        this.end = Infinity;
      } else if (this.end !== Infinity) {
        validateStart(this, 'end', this.end);
        if (this.start !== undefined && this.start > this.end) {
          throw internals.outOfRange('start', `<= "end" (here: ${this.end})`, this.start);
        }
      }
      Readable.call(this, options);
    }
    Object.setPrototypeOf(ReadStream.prototype, Readable.prototype);
    Object.setPrototypeOf(ReadStream, Readable);
    Object.defineProperty(ReadStream.prototype, 'autoClose', {
      get() { return this._readableState.autoDestroy; },
      set(val) { this._readableState.autoDestroy = val; },
    });
    ReadStream.prototype._construct = open;
    ReadStream.prototype._read = function (n) {
      n = this.pos !== undefined ? Math.min(this.end - this.pos + 1, n) : Math.min(this.end - this.bytesRead + 1, n);
      if (n <= 0) {
        this.push(null);
        return;
      }
      const buf = Buffer.alloc(n);
      this[kIsPerformingIO] = true;
      this[kFs].read(this.fd, buf, 0, n, this.pos, (er, bytesRead, data) => {
        this[kIsPerformingIO] = false;
        // Destroyed meanwhile: _destroy waits for this.
        if (this.destroyed) {
          this.emit(kIoDone, er);
          return;
        }
        if (er) {
          internals.require('stream')[Symbol.for('jsloop.node.stream.internal')].errorOrDestroy(this, er);
        } else if (bytesRead > 0) {
          if (this.pos !== undefined) this.pos += bytesRead;
          this.bytesRead += bytesRead;
          this.push(bytesRead !== data.length ? Buffer.from(data.subarray(0, bytesRead)) : data);
        } else {
          this.push(null);
        }
      });
    };
    ReadStream.prototype._destroy = function (err, cb) {
      if (this[kIsPerformingIO]) this.once(kIoDone, (er) => close(this, err || er, cb));
      else close(this, err, cb);
    };
    ReadStream.prototype.close = function (cb) {
      if (typeof cb === 'function') finished(this, cb);
      this.destroy();
    };
    Object.defineProperty(ReadStream.prototype, 'pending', { get() { return this.fd === null; }, configurable: true });

    function WriteStream(path, options) {
      if (!(this instanceof WriteStream)) return new WriteStream(path, options);
      options = streamOptions(options);
      options.decodeStrings = true;
      if (options.fd == null) {
        this.fd = null;
        this[kFs] = options.fs || fs;
        internals.validateFunction(this[kFs].open, 'options.fs.open');
        this.path = toPath(path);
        this.flags = options.flags === undefined ? 'w' : options.flags;
        this.mode = options.mode === undefined ? 0o666 : options.mode;
      } else {
        this.fd = importFd(this, options);
      }
      options.autoDestroy = options.autoClose === undefined ? true : options.autoClose;
      if (!this[kFs].write && !this[kFs].writev) throw invalidArgType('options.fs.write', 'function', this[kFs].write);
      if (this[kFs].write) internals.validateFunction(this[kFs].write, 'options.fs.write');
      if (this[kFs].writev) internals.validateFunction(this[kFs].writev, 'options.fs.writev');
      if (options.autoDestroy) internals.validateFunction(this[kFs].close, 'options.fs.close');
      this.flush = options.flush ?? false;
      if (!this[kFs].write) this._write = null;
      if (!this[kFs].writev) this._writev = null;
      this.start = options.start;
      this.pos = undefined;
      this.bytesWritten = 0;
      this[kIsPerformingIO] = false;
      if (this.start !== undefined) {
        validateStart(this, 'start', this.start);
        this.pos = this.start;
      }
      Writable.call(this, options);
      if (options.encoding) this.setDefaultEncoding(options.encoding);
    }
    Object.setPrototypeOf(WriteStream.prototype, Writable.prototype);
    Object.setPrototypeOf(WriteStream, Writable);
    Object.defineProperty(WriteStream.prototype, 'autoClose', {
      get() { return this._writableState.autoDestroy; },
      set(val) { this._writableState.autoDestroy = val; },
    });
    WriteStream.prototype._construct = open;
    // Writes all of data, again for what a short write left.
    function writeAll(data, size, pos, cb, retries = 0) {
      this[kFs].write(this.fd, data, 0, size, pos, (er, bytesWritten) => {
        if (er?.code === 'EAGAIN') {
          er = null;
          bytesWritten = 0;
        }
        if (this.destroyed || er) return cb(er || internals.nodeError(Error, 'ERR_STREAM_DESTROYED', 'Cannot call write after a stream was destroyed'));
        this.bytesWritten += bytesWritten;
        retries = bytesWritten ? 0 : retries + 1;
        size -= bytesWritten;
        if (pos !== undefined && pos !== null) pos += bytesWritten;
        if (retries > 5) cb(internals.nodeError(Error, 'ERR_SYSTEM_ERROR', 'A system error occurred: write failed'));
        else if (size) writeAll.call(this, data.subarray(bytesWritten), size, pos, cb, retries);
        else cb();
      });
    }
    WriteStream.prototype._write = function (data, encoding, cb) {
      this[kIsPerformingIO] = true;
      writeAll.call(this, data, data.length, this.pos, (er) => {
        this[kIsPerformingIO] = false;
        if (this.destroyed) {
          cb(er);
          return this.emit(kIoDone, er);
        }
        cb(er);
      });
      if (this.pos !== undefined) this.pos += data.length;
    };
    WriteStream.prototype._writev = function (data, cb) {
      const chunk = Buffer.concat(data.map((d) => d.chunk));
      this._write(chunk, 'buffer', cb);
    };
    WriteStream.prototype._destroy = function (err, cb) {
      if (this[kIsPerformingIO]) this.once(kIoDone, (er) => close(this, err || er, cb));
      else close(this, err, cb);
    };
    WriteStream.prototype.close = function (cb) {
      if (cb) {
        if (this.closed) {
          internals.nextTick(cb);
          return;
        }
        this.on('close', cb);
      }
      // close() ends the stream (queued writes still happen) and then
      // closes the file, even without autoClose.
      if (!this.autoClose) this.on('finish', this.destroy);
      this.end();
    };
    WriteStream.prototype.destroySoon = WriteStream.prototype.end;
    Object.defineProperty(WriteStream.prototype, 'pending', { get() { return this.fd === null; }, configurable: true });
    streamClasses = { ReadStream, WriteStream };
    return streamClasses;
  }
  for (const name of ['ReadStream', 'WriteStream']) {
    Object.defineProperty(fs, name, { enumerable: true, configurable: true, get: () => fsStreams()[name], set(v) { Object.defineProperty(fs, name, { value: v, writable: true, enumerable: true, configurable: true }); } });
  }
  fs.createReadStream = (path, options) => new (fsStreams().ReadStream)(path, options);
  fs.createWriteStream = (path, options) => new (fsStreams().WriteStream)(path, options);

  // ---------------------------------------------------------------- watchers
  // lib/internal/fs/watchers.js. FSWatcher's handle is an inotify
  // descriptor the loop reads as a stream (node/fs_event.rs); each read
  // holds `struct inotify_event` records, turned into events as libuv's
  // uv__inotify_read does (src/unix/linux.c).
  const IN_MODIFY = 0x2, IN_ATTRIB = 0x4;
  function uvWatchError(errno, path) {
    const [code, description] = host.os.errname(errno);
    const message = errno === -28 ? 'inotify limit reached' : description;
    const e = new Error(`${code}: ${message}, watch '${path}'`);
    Object.assign(e, { errno, syscall: 'watch', code, path, filename: path });
    return e;
  }
  class FSWatcher extends EventEmitter {
    constructor() {
      super();
      this._handle = null;
    }
    // kFSWatchStart: start watching `filename`; a failure throws.
    _start(filename, persistent, encoding) {
      const id = host.fsWatchStart(filename, persistent);
      if (id < 0) throw uvWatchError(id, filename);
      const base = filename.slice(filename.lastIndexOf('/') + 1);
      this._handle = { id, persistent };
      internals.require('net')._register(id, {
        _event: (e) => {
          if (e.type !== 'data' || this._handle === null) return;
          const bytes = e.data;
          const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
          for (let at = 0; at + 16 <= bytes.byteLength;) {
            const mask = view.getUint32(at + 4, true);
            const len = view.getUint32(at + 12, true);
            let name = bytes.subarray(at + 16, at + 16 + len);
            const nul = name.indexOf(0);
            if (nul >= 0) name = name.subarray(0, nul);
            at += 16 + len;
            // libuv: IN_ATTRIB or IN_MODIFY is a change, anything else a
            // rename; a file watched by itself has no name: its basename.
            // Node's FSEvent reports rename when both are set.
            const eventType = mask & ~(IN_ATTRIB | IN_MODIFY) ? 'rename' : 'change';
            let filename = len ? Buffer.from(name) : Buffer.from(base);
            filename = encoding === 'buffer' ? filename : filename.toString(encoding || 'utf8');
            this.emit('change', eventType, filename);
            if (this._handle === null) return;
          }
        },
      });
    }
    close() {
      if (this._handle === null) return;
      host.netClose(this._handle.id);
      internals.require('net')._unregister(this._handle.id);
      this._handle = null;
      process.nextTick(() => this.emit('close'));
    }
    ref() {
      if (this._handle) host.netRef(this._handle.id, true);
      return this;
    }
    unref() {
      if (this._handle) host.netRef(this._handle.id, false);
      return this;
    }
  }
  // https://nodejs.org/api/fs.html#fswatchfilename-options-listener
  fs.watch = function watch(filename, options, listener) {
    if (typeof options === 'function') listener = options;
    options = { ...getOptions(options) };
    if (options.persistent === undefined) options.persistent = true;
    if (options.recursive === undefined) options.recursive = false;
    const path = toPath(filename, 'filename');
    if (options.recursive) {
      // Node watches a tree on Linux with a watcher per directory
      // (lib/internal/fs/recursive_watch.js); not built here.
      throw nodeError(TypeError, 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM', 'The feature watch recursively is unavailable on the current platform, which is being used to run Node.js');
    }
    const watcher = new FSWatcher();
    watcher._start(path, options.persistent, options.encoding);
    if (listener) watcher.addListener('change', listener);
    if (options.signal) {
      if (options.signal.aborted) process.nextTick(() => watcher.close());
      else options.signal.addEventListener('abort', () => watcher.close(), { once: true });
    }
    return watcher;
  };
  // StatWatcher: libuv's uv_fs_poll (src/fs-poll.c): a stat now and each
  // `interval` ms after the previous one began; the listener hears of a
  // change of any field, and of a file appearing or vanishing.
  const statWatchers = new Map();
  const statFields = ['dev', 'mode', 'nlink', 'uid', 'gid', 'rdev', 'ino', 'size', 'ctimeMs', 'mtimeMs', 'birthtimeMs'];
  const zeroStats = (bigint) => (bigint ? new BigIntStats(0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n) : new Stats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
  class StatWatcher extends EventEmitter {
    constructor(bigint) {
      super();
      this._handle = null;
      this._bigint = !!bigint;
      this._refs = 0;
    }
    _start(filename, persistent, interval) {
      const handle = { timer: null, stats: zeroStats(this._bigint), busy: 0, oldStatus: 0, persistent };
      this._handle = handle;
      const poll = () => {
        const began = Date.now();
        fs.stat(filename, { bigint: this._bigint }, (err, stats) => {
          if (this._handle !== handle) return;
          if (err) {
            // (Once per error: libuv's busy_polling holds the last result.)
            if (handle.busy !== err.errno) {
              this._onchange(-1, zeroStats(this._bigint), handle.stats);
              handle.busy = err.errno;
            }
          } else {
            if (handle.busy !== 0 && (handle.busy < 0 || statFields.some((k) => stats[k] !== handle.stats[k]))) this._onchange(0, stats, handle.stats);
            handle.stats = stats;
            handle.busy = 1;
          }
          const elapsed = Date.now() - began;
          handle.timer = setTimeout(poll, interval - (elapsed % interval));
          if (!handle.persistent) handle.timer.unref();
        });
      };
      poll();
    }
    // Node's onchange: a missing file is reported once (zeroed stats),
    // not again while it stays missing.
    _onchange(status, curr, prev) {
      if (this._handle.oldStatus === -1 && status === -1 && curr.nlink === prev.nlink) return;
      this._handle.oldStatus = status;
      this.emit('change', curr, prev);
    }
    stop() {
      if (this._handle === null) return;
      clearTimeout(this._handle.timer);
      this._handle = null;
      process.nextTick(() => this.emit('stop'));
    }
    ref() {
      if (this._handle) { this._handle.persistent = true; this._handle.timer?.ref(); }
      return this;
    }
    unref() {
      if (this._handle) { this._handle.persistent = false; this._handle.timer?.unref(); }
      return this;
    }
  }
  // https://nodejs.org/api/fs.html#fswatchfilefilename-options-listener
  fs.watchFile = function watchFile(filename, options, listener) {
    filename = internals.require('path').resolve(toPath(filename, 'filename'));
    if (options === null || typeof options !== 'object') {
      listener = options;
      options = null;
    }
    options = { interval: 5007, persistent: true, ...options };
    validateFunction(listener, 'listener');
    let stat = statWatchers.get(filename);
    if (stat === undefined) {
      stat = new StatWatcher(options.bigint);
      stat._start(filename, options.persistent, options.interval);
      statWatchers.set(filename, stat);
    }
    stat.addListener('change', listener);
    return stat;
  };
  // https://nodejs.org/api/fs.html#fsunwatchfilefilename-listener
  fs.unwatchFile = function unwatchFile(filename, listener) {
    filename = internals.require('path').resolve(toPath(filename, 'filename'));
    const stat = statWatchers.get(filename);
    if (stat === undefined) return;
    if (typeof listener === 'function') stat.removeListener('change', listener);
    else stat.removeAllListeners('change');
    if (stat.listenerCount('change') === 0) {
      stat.stop();
      statWatchers.delete(filename);
    }
  };

  fs.realpath.native = fs.realpath;
  fs.realpathSync.native = fs.realpathSync;
  fs.promises = promises;
  fs.Stats = Stats;
  fs.Dirent = Dirent;
  fs.Dir = Dir;
  fs.StatFs = StatFs;
  fs.constants = constants;
  Object.assign(fs, { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1 });
  return fs;
})

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
  // readFile, writeFile and appendFile as Node makes them: chains of
  // thread-pool requests, each completed in a (later) poll phase.
  // lib/fs.js and lib/internal/fs/read/context.js: readFile is open, fstat,
  // read until the size is read (512 KiB at a time; 64 KiB at a time until
  // a read returns nothing when the size is unknown), close; the callback
  // is the close request's. writeFile and appendFile: open, write, close.
  const kReadFileBufferLength = 512 * 1024;
  const kReadFileUnknownBufferLength = 64 * 1024;
  const flagOf = (options, fallback) => openFlags(options && typeof options === 'object' && options.flag !== undefined ? options.flag : fallback);
  const fsReq = (op, path, arg, data, cb) => host.fsAsync(op, path, arg, data, false, cb);
  function concatChunks(chunks, total) {
    const out = Buffer.alloc(total);
    let at = 0;
    for (const c of chunks) { out.set(c, at); at += c.length; }
    return out;
  }
  function readFileChain(path, options, callback) {
    const encoding = encodingOf(options);
    fsReq('open', path, flagOf(options, 'r'), undefined, (err, fd) => {
      if (err) return callback(err);
      const fdText = String(fd);
      const chunks = [];
      let size = 0, pos = 0;
      const close = (error) => fsReq('close', fdText, '', undefined, (closeErr) => {
        if (error || closeErr) return callback(closeErr || error);
        const buffer = concatChunks(chunks, pos);
        callback(null, encoding ? buffer.toString(encoding) : buffer);
      });
      const read = () => {
        const length = size === 0 ? kReadFileUnknownBufferLength : Math.min(kReadFileBufferLength, size - pos);
        fsReq('read', fdText, `${length},-1`, undefined, (err, bytes) => {
          if (err) return close(err);
          pos += bytes.length;
          if (bytes.length) chunks.push(bytes);
          if (pos === size || bytes.length === 0) close(null);
          else read();
        });
      };
      fsReq('fstat', fdText, '', undefined, (err, st) => {
        if (err) return close(err);
        size = st.isFile ? st.size : 0;
        read();
      });
    });
  }
  function writeFileChain(path, bytes, flag, callback) {
    fsReq('open', path, flag, undefined, (err, fd) => {
      if (err) return callback(err);
      const fdText = String(fd);
      fsReq('write', fdText, '-1', bytes, (writeErr) => {
        fsReq('close', fdText, '', undefined, (closeErr) => (writeErr || closeErr ? callback(closeErr || writeErr) : callback(null)));
      });
    });
  }
  // The arguments as `ops` reads them, and the callback (Node checks it first).
  function callbackArgs(name, a) {
    const [args, required] = ops[name];
    const cb = maybeCallback(a[required + 1] || a[required]);
    const rest = a.slice(0, typeof a[required] !== 'function' ? required + 1 : required);
    return [args(...rest), cb];
  }
  fs.readFile = function readFile(...a) {
    const [[, path, , , , options], cb] = callbackArgs('readFile', a);
    readFileChain(path, options, cb);
  };
  fs.writeFile = function writeFile(...a) {
    const [[, path, , data, , options], cb] = callbackArgs('writeFile', a);
    writeFileChain(path, data, flagOf(options, 'w'), cb);
  };
  fs.appendFile = function appendFile(...a) {
    const [[, path, , data, , options], cb] = callbackArgs('appendFile', a);
    writeFileChain(path, data, flagOf(options, 'a'), cb);
  };

  // fs/promises (lib/internal/fs/promises.js): each request a promise the
  // completion resolves in the poll phase, awaited as Node awaits it.
  const reqP = (op, path, arg = '', data) => new Promise((resolve, reject) => fsReq(op, path, arg, data, (err, v) => (err ? reject(err) : resolve(v))));
  const rethrow = (e) => { throw e; };
  // https://nodejs.org/api/fs.html#class-filehandle
  class FileHandle {
    #fd; #closePromise = null;
    constructor(fd) { this.#fd = fd; }
    get fd() { return this.#fd; }
    close() {
      if (this.#fd === -1) return Promise.resolve();
      if (this.#closePromise) return this.#closePromise;
      const fd = this.#fd;
      this.#fd = -1;
      this.#closePromise = reqP('close', String(fd)).finally(() => { this.#closePromise = null; });
      return this.#closePromise;
    }
    async stat() { return new Stats(await reqP('fstat', String(this.#fd)).then(undefined, rethrow)); }
    readFile(options) { return readFileHandle(this, checkOptions(options)); }
    writeFile(data, options) { return writeFileHandle(this, dataBytes(data, checkOptions(options))); }
    appendFile(data, options) { return writeFileHandle(this, dataBytes(data, checkOptions(options))); }
    async read(buffer, offset = 0, length, position = null) {
      if (buffer === undefined) buffer = Buffer.alloc(16384);
      const [f, arg] = readArgs(this.#fd, buffer, offset, length, position);
      const bytes = await reqP('read', f, arg).then(undefined, rethrow);
      buffer.set(bytes, offset || 0);
      return { bytesRead: bytes.length, buffer };
    }
    async write(data, ...rest) {
      const [f, pos, bytes] = writeArgs(this.#fd, data, ...rest);
      const bytesWritten = await reqP('write', f, pos, bytes).then(undefined, rethrow);
      return { bytesWritten, buffer: data };
    }
  }
  async function openP(path, flags) {
    return new FileHandle(await reqP('open', path, flags).then(undefined, rethrow));
  }
  async function readFileHandle(handle, options) {
    const encoding = encodingOf(options);
    const st = await reqP('fstat', String(handle.fd)).then(undefined, rethrow);
    const size = st.isFile ? st.size : 0;
    const chunks = [];
    let total = 0;
    for (;;) {
      const length = size === 0 ? kReadFileUnknownBufferLength : Math.min(kReadFileBufferLength, size - total);
      const bytes = await reqP('read', String(handle.fd), `${length},-1`).then(undefined, rethrow);
      total += bytes.length;
      if (bytes.length) chunks.push(bytes);
      if (bytes.length === 0 || total === size) {
        const buffer = concatChunks(chunks, total);
        return encoding ? buffer.toString(encoding) : buffer;
      }
    }
  }
  async function writeFileHandle(handle, bytes) {
    if (bytes.byteLength === 0) return;
    await reqP('write', String(handle.fd), '-1', bytes).then(undefined, rethrow);
  }
  // The operation, then the handle's close, whatever the operation did.
  async function handleFdClose(operation, close) {
    return operation.then(
      (result) => close().then(() => result),
      (opError) => close().then(() => Promise.reject(opError), (closeError) => Promise.reject(closeError)),
    );
  }
  promises.open = async (path, flags) => openP(toPath(path), openFlags(flags === undefined ? 'r' : flags));
  promises.readFile = async (...a) => {
    const [, path, , , , options] = ops.readFile[0](...a);
    const handle = await openP(path, flagOf(options, 'r'));
    return handleFdClose(readFileHandle(handle, options), () => handle.close());
  };
  promises.writeFile = async (...a) => {
    const [, path, , data, , options] = ops.writeFile[0](...a);
    const handle = await openP(path, flagOf(options, 'w'));
    return handleFdClose(writeFileHandle(handle, data), () => handle.close());
  };
  promises.appendFile = async (...a) => {
    const [, path, , data, , options] = ops.appendFile[0](...a);
    const handle = await openP(path, flagOf(options, 'a'));
    return handleFdClose(writeFileHandle(handle, data), () => handle.close());
  };
  promises.FileHandle = FileHandle;

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
  // ---------------------------------------------------------------- more of fs
  // Node's parseFileMode: an int32 mode or an octal string.
  function parseFileMode(value, name, def) {
    if (value === undefined || value === null) value = def;
    if (typeof value === 'string') {
      if (!/^[0-7]+$/.test(value)) throw invalidArgValue(name, value, 'must be a 32-bit unsigned integer or an octal string');
      value = parseInt(value, 8);
    }
    internals.validateInteger(value, name, 0, 4294967295);
    return value & 0o777777;
  }
  // Node's toUnixTimestamp: seconds.
  function toUnixTimestamp(time, name) {
    if (typeof time === 'string' && +time == time) return +time;
    if (typeof time === 'number') {
      if (!Number.isFinite(time) || time < 0) return Date.now() / 1000;
      return time;
    }
    if (time instanceof Date) return time.getTime() / 1000;
    throw invalidArgType(name, ['Date', 'Time in seconds'], time);
  }
  // A callback-style function, its *Sync twin and its promise, from one
  // description: (arguments) -> [op, path, arg, data, shape options].
  function define3(name, args, { promise = true, shapeValue = (v) => v } = {}) {
    fs[name] = function (...a) {
      const cb = maybeCallback(a.findLast((x) => typeof x === 'function'));
      const rest = a.slice(0, a.indexOf(cb));
      const [op, path, arg, data, opts] = args(...rest);
      host.fsAsync(op, path, arg, data, false, (err, value) => (err ? cb(err) : cb(null, shapeValue(value, opts))));
    };
    fs[name + 'Sync'] = (...a) => {
      const [op, path, arg, data, opts] = args(...a);
      return shapeValue(host.fsSync(op, path, arg, data, false), opts);
    };
    if (promise) {
      promises[name] = (...a) => new Promise((resolve, reject) => {
        const [op, path, arg, data, opts] = args(...a);
        host.fsAsync(op, path, arg, data, false, (err, value) => (err ? reject(err) : resolve(shapeValue(value, opts))));
      });
    }
  }
  const validLen = (len) => {
    if (len === undefined || len === null) return 0;
    internals.validateInteger(len, 'len');
    return Math.max(0, len);
  };
  define3('truncate', (p, len) => (typeof p === 'number' ? ['ftruncate', fdArg(p), String(validLen(len))] : ['truncate', toPath(p), String(validLen(len))]));
  define3('ftruncate', (fd, len) => ['ftruncate', fdArg(fd), String(validLen(len))], { promise: false });
  define3('chmod', (p, mode) => ['chmod', toPath(p), String(parseFileMode(mode, 'mode'))]);
  define3('fchmod', (fd, mode) => ['fchmod', fdArg(fd), String(parseFileMode(mode, 'mode'))], { promise: false });
  define3('link', (a, b) => ['link', toPath(a, 'existingPath'), toPath(b, 'newPath')]);
  define3('symlink', (target, p) => ['symlink', toPath(target, 'target'), toPath(p)]);
  const encoded = (value, opts) => {
    const enc = encodingOf(opts);
    if (opts && (opts === 'buffer' || opts.encoding === 'buffer')) return Buffer.from(value);
    return enc && enc !== 'utf8' && enc !== 'utf-8' ? Buffer.from(value).toString(enc) : value;
  };
  define3('readlink', (p, opts) => ['readlink', toPath(p), '', undefined, checkOptions(opts)], { shapeValue: encoded });
  define3('mkdtemp', (prefix, opts) => {
    checkOptions(opts);
    return ['mkdtemp', toPath(prefix, 'prefix'), '', undefined, opts];
  }, { shapeValue: encoded });
  define3('fsync', (fd) => ['fsync', fdArg(fd), ''], { promise: false });
  define3('fdatasync', (fd) => ['fdatasync', fdArg(fd), ''], { promise: false });
  const bigintStats = (s, o) => (o && o.bigint ? toBigIntStats(new Stats(s)) : new Stats(s));
  define3('fstat', (fd, opts) => ['fstat', fdArg(fd), '', undefined, opts], { promise: false, shapeValue: bigintStats });
  define3('utimes', (p, atime, mtime) => ['utimes', toPath(p), `${toUnixTimestamp(atime, 'atime')},${toUnixTimestamp(mtime, 'mtime')}`]);
  define3('lutimes', (p, atime, mtime) => ['lutimes', toPath(p), `${toUnixTimestamp(atime, 'atime')},${toUnixTimestamp(mtime, 'mtime')}`]);
  define3('futimes', (fd, atime, mtime) => ['futimes', fdArg(fd), `${toUnixTimestamp(atime, 'atime')},${toUnixTimestamp(mtime, 'mtime')}`], { promise: false });
  // https://nodejs.org/api/fs.html#class-fsstatfs
  class StatFs {
    constructor(type, bsize, blocks, bfree, bavail, files, ffree) {
      Object.assign(this, { type, bsize, blocks, bfree, bavail, files, ffree });
    }
  }
  define3('statfs', (p, opts) => ['statfs', toPath(p), '', undefined, opts], {
    shapeValue: (v, o) => new StatFs(...v.map((n) => (o && o.bigint ? BigInt(n) : +n))),
  });
  function toBigIntStats(s) {
    const out = Object.create(Object.getPrototypeOf(s));
    for (const k of Object.keys(s)) out[k] = typeof s[k] === 'number' && Number.isInteger(s[k]) ? BigInt(s[k]) : s[k];
    for (const k of ['atime', 'mtime', 'ctime', 'birthtime']) out[k + 'Ns'] = BigInt(Math.round(s[k + 'Ms'] * 1e6));
    Object.defineProperty(out, '_kind', { value: s._kind });
    return out;
  }
  fs.realpath.native = fs.realpath;
  fs.realpathSync.native = fs.realpathSync;

  // readv and writev: several buffers in one call (the reads and writes
  // run one after the other at the position, as libuv's fallback does).
  function validateBuffers(buffers) {
    if (!Array.isArray(buffers) || buffers.some((b) => !ArrayBuffer.isView(b))) throw invalidArgType('buffers', 'ArrayBufferView[]', buffers);
    return buffers;
  }
  function readvSync(fd, buffers, position) {
    validateBuffers(buffers);
    let total = 0;
    let pos = typeof position === 'number' ? position : null;
    for (const b of buffers) {
      const n = fs.readSync(fd, b, 0, b.byteLength, pos);
      total += n;
      if (pos !== null) pos += n;
      if (n < b.byteLength) break;
    }
    return total;
  }
  function writevSync(fd, buffers, position) {
    validateBuffers(buffers);
    let total = 0;
    let pos = typeof position === 'number' ? position : null;
    for (const b of buffers) {
      const n = fs.writeSync(fd, b, 0, b.byteLength, pos);
      total += n;
      if (pos !== null) pos += n;
    }
    return total;
  }
  fs.readvSync = (fd, buffers, position) => readvSync(validFd(fd), buffers, position);
  fs.writevSync = (fd, buffers, position) => writevSync(validFd(fd), buffers, position);
  // The callback forms: each buffer a request in turn, the callback when all are done.
  function vector(kind, fd, buffers, position, cb) {
    validFd(fd);
    validateBuffers(buffers);
    if (typeof position === 'function') { cb = position; position = null; }
    maybeCallback(cb);
    let total = 0;
    let pos = typeof position === 'number' ? position : null;
    let i = 0;
    const next = () => {
      if (i >= buffers.length) return cb(null, total, buffers);
      const b = buffers[i++];
      const done = (err, n) => {
        if (err) return cb(err);
        total += n;
        if (pos !== null) pos += n;
        if (kind === 'read' && n < b.byteLength) return cb(null, total, buffers);
        next();
      };
      if (kind === 'read') fs.read(fd, b, 0, b.byteLength, pos, done);
      else fs.write(fd, b, 0, b.byteLength, pos, done);
    };
    next();
  }
  fs.readv = (fd, buffers, position, cb) => vector('read', fd, buffers, position, cb);
  fs.writev = (fd, buffers, position, cb) => vector('write', fd, buffers, position, cb);

  // The rest of FileHandle (https://nodejs.org/api/fs.html#class-filehandle):
  // each method one request on the handle's descriptor (a closed handle's
  // descriptor is -1: the request fails with EBADF).
  const fdPromise = (op, fd, arg, data) => new Promise((resolve, reject) => {
    host.fsAsync(op, String(fd), arg, data, false, (err, value) => (err ? reject(err) : resolve(value)));
  });
  const methods = (obj, fns) => {
    for (const k of Reflect.ownKeys(fns)) Object.defineProperty(obj, k, { value: fns[k], writable: true, enumerable: false, configurable: true });
  };
  const FH = FileHandle.prototype;
  const readOne = FH.read;
  methods(FH, {
    async stat(options) { return bigintStats(await fdPromise('fstat', this.fd, ''), options); },
    async sync() { await fdPromise('fsync', this.fd, ''); },
    async datasync() { await fdPromise('fdatasync', this.fd, ''); },
    async truncate(len = 0) { await fdPromise('ftruncate', this.fd, String(validLen(len))); },
    async chmod(mode) { await fdPromise('fchmod', this.fd, String(parseFileMode(mode, 'mode'))); },
    async utimes(atime, mtime) { await fdPromise('futimes', this.fd, `${toUnixTimestamp(atime, 'atime')},${toUnixTimestamp(mtime, 'mtime')}`); },
    // read(buffer, offset, length, position), read(buffer, options) or read(options).
    async read(buffer, offset, length, position) {
      if (buffer !== null && typeof buffer === 'object' && !ArrayBuffer.isView(buffer)) {
        ({ buffer = Buffer.alloc(16384), offset = 0, length = buffer.byteLength - offset, position = null } = buffer);
      } else if (buffer === undefined) buffer = Buffer.alloc(16384);
      if (offset !== null && typeof offset === 'object') ({ offset = 0, length = buffer.byteLength - offset, position = null } = offset);
      if (offset === undefined || offset === null) offset = 0;
      if (length === undefined) length = buffer.byteLength - offset;
      if (length === 0) return { bytesRead: 0, buffer };
      return readOne.call(this, buffer, offset, length, position);
    },
    async readv(buffers, position) {
      const fd = this.fd;
      const bytesRead = await new Promise((resolve, reject) => fs.readv(fd, buffers, position, (err, n) => (err ? reject(err) : resolve(n))));
      return { bytesRead, buffers };
    },
    async writev(buffers, position) {
      const fd = this.fd;
      const bytesWritten = await new Promise((resolve, reject) => fs.writev(fd, buffers, position, (err, n) => (err ? reject(err) : resolve(n))));
      return { bytesWritten, buffers };
    },
    async [Symbol.asyncDispose]() { return this.close(); },
  });
  // readFile, writeFile and appendFile of a descriptor: reads to the end,
  // or writes at the current position, a request at a time.
  function readFdSync(fd, options) {
    const chunks = [];
    for (;;) {
      const chunk = Buffer.allocUnsafe(65536);
      const n = fs.readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
    }
    const all = Buffer.concat(chunks);
    const enc = encodingOf(options);
    return enc ? all.toString(enc) : all;
  }
  function writeFdSync(fd, data, options) {
    const bytes = dataBytes(data, options);
    let at = 0;
    while (at < bytes.length) at += fs.writeSync(fd, bytes, at, bytes.length - at, null);
  }
  function readFd(fd, options, cb) {
    const chunks = [];
    const step = () => {
      const chunk = Buffer.allocUnsafe(65536);
      fs.read(fd, chunk, 0, chunk.length, null, (err, n) => {
        if (err) return cb(err);
        if (n === 0) {
          const all = Buffer.concat(chunks);
          const enc = encodingOf(options);
          return cb(null, enc ? all.toString(enc) : all);
        }
        chunks.push(chunk.subarray(0, n));
        step();
      });
    };
    step();
  }
  function writeFd(fd, data, options, cb) {
    const bytes = dataBytes(data, options);
    let at = 0;
    const step = () => {
      if (at >= bytes.length) return cb(null);
      fs.write(fd, bytes, at, bytes.length - at, null, (err, n) => {
        if (err) return cb(err);
        at += n;
        step();
      });
    };
    step();
  }
  for (const name of ['readFile', 'writeFile', 'appendFile']) {
    const callbackForm = fs[name], syncForm = fs[name + 'Sync'], promiseForm = promises[name];
    const reading = name === 'readFile';
    fs[name] = function (p, ...a) {
      if (typeof p !== 'number') return callbackForm.call(this, p, ...a);
      const fd = validFd(p);
      const cb = maybeCallback(a.findLast((x) => typeof x === 'function'));
      const options = reading ? (a[0] === cb ? undefined : a[0]) : a[1] === cb ? undefined : a[1];
      checkOptions(options);
      if (reading) readFd(fd, options, cb);
      else writeFd(fd, a[0], options, cb);
    };
    fs[name + 'Sync'] = function (p, ...a) {
      if (typeof p !== 'number') return syncForm.call(this, p, ...a);
      const fd = validFd(p);
      return reading ? readFdSync(fd, checkOptions(a[0])) : writeFdSync(fd, a[0], checkOptions(a[1]));
    };
    promises[name] = function (p, ...a) {
      if (p instanceof FileHandle) return reading ? p.readFile(...a) : p.writeFile(...a);
      return promiseForm.call(this, p, ...a);
    };
  }
  fs.promises = promises;
  fs.Stats = Stats;
  fs.constants = { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1, O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2 };
  promises.constants = fs.constants;
  return fs;
})

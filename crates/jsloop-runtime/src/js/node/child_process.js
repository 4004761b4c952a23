// jsloop node glue: `child_process` (https://nodejs.org/api/child_process.html).
// The host (crates/jsloop-runtime/src/node/child_process.rs) spawns the
// child as libuv's uv_spawn does; its stdio pipes and IPC channel are stream
// handles of the loop (net.Socket objects here, as in Node, read and written
// in the poll phase); its exit is seen through SIGCHLD in the poll phase.
// A ChildProcess emits 'spawn' on the next tick after a successful spawn,
// 'exit' when the exit is seen, and 'close' once the exit and every stdio
// pipe's 'close' have come (Node's maybeClose). Node's argument checking
// (lib/child_process.js, lib/internal/child_process.js) is followed.
(function (internals) {
  'use strict';
  const host = internals.host;
  const { nodeError, invalidArgType, invalidArgValue, validateFunction } = internals;
  const nextTick = internals.nextTick;
  const EventEmitter = internals.require('events');
  const net = internals.require('net');
  const { Buffer } = internals.require('buffer');
  const { StringDecoder } = internals.require('string_decoder');
  const signals = internals.require('os').constants.signals;
  const MAX_BUFFER = 1024 * 1024;

  // ------------------------------------------------------------ validation
  function validateString(value, name) {
    if (typeof value !== 'string') throw invalidArgType(name, 'string', value);
  }
  function validateBoolean(value, name) {
    if (typeof value !== 'boolean') throw invalidArgType(name, 'boolean', value);
  }
  function validateObject(value, name) {
    if (value === null || Array.isArray(value) || typeof value !== 'object') throw invalidArgType(name, 'Object', value);
  }
  function validateArray(value, name) {
    if (!Array.isArray(value)) throw invalidArgType(name, 'Array', value);
  }
  const isInt32 = (v) => v === (v | 0);
  function validateArgumentNullCheck(arg, propName) {
    if (typeof arg === 'string' && arg.includes('\u0000')) {
      throw invalidArgValue(propName, arg, 'must be a string without null bytes');
    }
  }
  function validateArgumentsNullCheck(args, propName) {
    for (let i = 0; i < args.length; ++i) validateArgumentNullCheck(args[i], `${propName}[${i}]`);
  }
  function validateTimeout(timeout) {
    if (timeout != null && !(Number.isInteger(timeout) && timeout >= 0 && timeout <= 2147483647)) {
      throw internals.outOfRange('timeout', 'an unsigned integer', timeout);
    }
  }
  function validateMaxBuffer(maxBuffer) {
    if (maxBuffer != null && !(typeof maxBuffer === 'number' && maxBuffer >= 0)) {
      throw internals.outOfRange('options.maxBuffer', 'a positive number', maxBuffer);
    }
  }
  function validateAbortSignal(signal, name) {
    if (signal !== undefined && (signal === null || typeof signal !== 'object' || !('aborted' in signal))) {
      throw invalidArgType(name, 'AbortSignal', signal);
    }
  }
  const signalNames = Object.create(null);
  for (const name of Object.keys(signals)) signalNames[signals[name]] = name;
  // Node's convertToValidSignal: a known number or name, else ERR_UNKNOWN_SIGNAL.
  function convertToValidSignal(signal) {
    if (typeof signal === 'number' && signalNames[signal] !== undefined) return signal;
    if (typeof signal === 'string') {
      const n = signals[signal.toUpperCase()];
      if (n !== undefined) return n;
    }
    throw nodeError(TypeError, 'ERR_UNKNOWN_SIGNAL', `Unknown signal: ${signal}`);
  }
  function sanitizeKillSignal(killSignal) {
    if (typeof killSignal === 'string' || typeof killSignal === 'number') return convertToValidSignal(killSignal);
    if (killSignal != null) throw invalidArgType('options.killSignal', ['string', 'number'], killSignal);
  }
  // A path option: a string, a Buffer or a file: URL (Node's getValidatedPath).
  function validatedPath(value, name) {
    let path = value;
    if (value !== null && typeof value === 'object' && value.href !== undefined && value.protocol !== undefined) {
      if (value.protocol !== 'file:') throw nodeError(TypeError, 'ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file');
      path = internals.require('url').fileURLToPath(value);
    } else if (Buffer.isBuffer(value)) path = value.toString();
    else if (typeof value !== 'string') throw invalidArgType(name, ['string', 'Buffer', 'URL'], value);
    if (path.includes('\u0000')) throw invalidArgValue(name, value, 'must be a string, Uint8Array, or URL without null bytes');
    return path;
  }

  // Node's ErrnoException: `${syscall} ${code}`, with errno, code, syscall.
  function errnoException(errno, syscall, original) {
    const [code] = host.os.errname(errno);
    const err = new Error(original ? `${syscall} ${code} ${original}` : `${syscall} ${code}`);
    err.errno = errno;
    err.code = code;
    err.syscall = syscall;
    return err;
  }
  class AbortError extends Error {
    constructor(message = 'The operation was aborted', options = undefined) {
      super(message, options);
      this.code = 'ABORT_ERR';
      this.name = 'AbortError';
    }
  }
  function genericNodeError(message, props) {
    const err = new Error(message);
    Object.assign(err, props);
    return err;
  }

  // ------------------------------------------------------------ stdio
  function stdioStringToArray(stdio, channel) {
    const options = [];
    switch (stdio) {
      case 'ignore':
      case 'overlapped':
      case 'pipe': options.push(stdio, stdio, stdio); break;
      case 'inherit': options.push(0, 1, 2); break;
      default: throw invalidArgValue('stdio', stdio);
    }
    if (channel) options.push(channel);
    return options;
  }
  // The descriptor under a stream or socket given as stdio, if any.
  function handleOf(stdio) {
    if (stdio instanceof net.Socket) return stdio._handle ? { id: stdio._handle.id } : null;
    if (stdio && stdio._handle && typeof stdio._handle.id === 'number') return { id: stdio._handle.id };
    return null;
  }
  // Node's getValidStdio: the stdio option as a list of { type, … }.
  function getValidStdio(stdio, sync) {
    let ipc, ipcFd;
    if (typeof stdio === 'string') stdio = stdioStringToArray(stdio);
    else if (!Array.isArray(stdio)) throw invalidArgValue('stdio', stdio);
    stdio = stdio.slice();
    while (stdio.length < 3) stdio.push(undefined);
    const result = [];
    for (let i = 0; i < stdio.length; i++) {
      let s = stdio[i];
      if (s == null) s = i < 3 ? 'pipe' : 'ignore';
      if (s === 'ignore') result.push({ type: 'ignore' });
      else if (s === 'pipe' || s === 'overlapped' || (typeof s === 'number' && s < 0)) {
        result.push({ type: s === 'overlapped' ? 'overlapped' : 'pipe', readable: i === 0, writable: i !== 0 });
      } else if (s === 'ipc') {
        if (sync || ipc !== undefined) {
          if (!sync) throw nodeError(Error, 'ERR_IPC_ONE_PIPE', 'Child process can have only one IPC pipe');
          throw nodeError(Error, 'ERR_IPC_SYNC_FORK', 'IPC cannot be used with synchronous forks');
        }
        ipc = true;
        ipcFd = i;
        result.push({ type: 'pipe', ipc: true });
      } else if (s === 'inherit') result.push({ type: 'inherit', fd: i });
      else if (typeof s === 'number' || (s !== null && typeof s === 'object' && typeof s.fd === 'number')) {
        result.push({ type: 'fd', fd: typeof s === 'number' ? s : s.fd });
      } else if (handleOf(s)) {
        result.push({ type: 'wrap', id: handleOf(s).id, _stdio: s });
      } else if (ArrayBuffer.isView(s) || typeof s === 'string') {
        if (!sync) throw nodeError(TypeError, 'ERR_INVALID_SYNC_FORK_INPUT', `Asynchronous forks do not support Buffer, TypedArray, DataView or string input: ${internals.require('util').inspect(s)}`);
        result.push({ type: 'pipe', readable: i === 0, writable: i !== 0, input: s });
      } else throw invalidArgValue('stdio', s);
    }
    return { stdio: result, ipc, ipcFd };
  }

  // ------------------------------------------------------------ exits
  // The loop's SIGCHLD watcher (libuv's signal handle, in the poll phase):
  // each read reaps the children that exited and calls their onexit.
  const live = new Map(); // pid -> ChildProcess
  let sigchld = 0;
  function watchChildren() {
    if (sigchld) return;
    sigchld = host.cpSigchld();
    net._register(sigchld, {
      _event(e) {
        if (e.type !== 'data') return;
        for (const [pid, code, signal] of host.cpReap()) {
          const child = live.get(pid);
          live.delete(pid);
          if (child) child._onexit(code, signal);
        }
      },
    });
  }

  // ------------------------------------------------------------ ChildProcess
  const kHandle = Symbol('kHandle');
  function ChildProcess() {
    EventEmitter.call(this);
    this._closesNeeded = 1;
    this._closesGot = 0;
    this.connected = false;
    this.signalCode = null;
    this.exitCode = null;
    this.killed = false;
    this.spawnfile = null;
    // The process handle: { pid, refed } while it is open.
    this[kHandle] = { pid: 0, refed: true };
  }
  Object.setPrototypeOf(ChildProcess.prototype, EventEmitter.prototype);
  Object.setPrototypeOf(ChildProcess, EventEmitter);
  Object.defineProperty(ChildProcess.prototype, '_handle', { get() { return this[kHandle]; }, configurable: true });

  function maybeClose(subprocess) {
    subprocess._closesGot++;
    if (subprocess._closesGot === subprocess._closesNeeded) {
      subprocess.emit('close', subprocess.exitCode, subprocess.signalCode);
    }
  }
  // Pull the data of stdio streams nobody read, so they see their end and close.
  // A stream another child has as its stdio is that child's to read: the
  // exit of its own process does not make this one read it.
  const kIsUsedAsStdio = Symbol('kIsUsedAsStdio');
  function flushStdio(subprocess) {
    const stdio = subprocess.stdio;
    if (stdio == null) return;
    for (const stream of stdio) {
      if (!stream || !stream.readable || stream[kIsUsedAsStdio]) continue;
      stream.resume();
    }
  }
  function createSocket(id, readable) {
    const socket = new net.Socket({ handle: id == null ? undefined : { id }, readable });
    if (id != null) net._register(id, socket);
    return socket;
  }

  // The exit callback of the process handle (Node's onexit): spawn
  // failures come here too, with a negative exit code.
  ChildProcess.prototype._onexit = function (exitCode, signalCode) {
    if (signalCode) this.signalCode = signalCode;
    else this.exitCode = exitCode;
    if (this.stdin) this.stdin.destroy();
    if (this[kHandle]) {
      // uv_close: the handle is closing until the close phase.
      host.closeHandle(() => {});
      this[kHandle] = null;
    }
    if (exitCode < 0) {
      const syscall = this.spawnfile ? `spawn ${this.spawnfile}` : 'spawn';
      const err = errnoException(exitCode, syscall);
      if (this.spawnfile) err.path = this.spawnfile;
      err.spawnargs = this.spawnargs.slice(1);
      this.emit('error', err);
    } else {
      this.emit('exit', this.exitCode, this.signalCode);
    }
    nextTick(flushStdio, this);
    maybeClose(this);
  };

  ChildProcess.prototype.spawn = function (options) {
    validateObject(options, 'options');
    let stdio = options.stdio || 'pipe';
    stdio = getValidStdio(stdio, false);
    const ipc = stdio.ipc;
    const ipcFd = stdio.ipcFd;
    stdio = options.stdio = stdio.stdio;
    if (options.serialization !== undefined && options.serialization !== 'json' && options.serialization !== 'advanced') {
      throw invalidArgValue('options.serialization', options.serialization, "must be one of: undefined, 'json', 'advanced'");
    }
    const serialization = options.serialization || 'json';
    if (ipc !== undefined) {
      if (options.envPairs === undefined) options.envPairs = [];
      else validateArray(options.envPairs, 'options.envPairs');
      options.envPairs.push(`NODE_CHANNEL_FD=${ipcFd}`);
      options.envPairs.push(`NODE_CHANNEL_SERIALIZATION_MODE=${serialization}`);
    }
    validateString(options.file, 'options.file');
    this.spawnfile = options.file;
    if (options.args === undefined) this.spawnargs = [];
    else {
      validateArray(options.args, 'options.args');
      this.spawnargs = options.args;
    }
    watchChildren();
    const result = host.cpSpawn({
      file: options.file,
      args: this.spawnargs.map(String),
      cwd: options.cwd ? options.cwd : undefined,
      envPairs: options.envPairs,
      stdio: stdio.map((s) => ({ type: s.type, fd: s.fd, id: s.id })),
      detached: !!options.detached,
      uid: options.uid == null ? undefined : options.uid,
      gid: options.gid == null ? undefined : options.gid,
    });
    const err = result.error || 0;
    const [code] = err ? host.os.errname(err) : [''];
    if (code === 'EACCES' || code === 'EAGAIN' || code === 'EMFILE' || code === 'ENFILE' || code === 'ENOENT') {
      nextTick(() => this._onexit(err));
      if (code === 'EMFILE' || code === 'ENFILE') return err;
    } else if (err) {
      this[kHandle] = null;
      throw errnoException(err, 'spawn');
    } else {
      nextTick(() => this.emit('spawn'));
    }
    this.pid = err ? undefined : result.pid;
    if (!err) {
      this[kHandle].pid = result.pid;
      live.set(result.pid, this);
    }
    let channel;
    for (let i = 0; i < stdio.length; i++) {
      const stream = stdio[i];
      if (stream.type === 'ignore') continue;
      if (stream.ipc) {
        this._closesNeeded++;
        channel = result.handles[i];
        continue;
      }
      if (stream.type === 'wrap') {
        // The stream is the child's now: stop reading it here (readStop).
        host.netReadStop(stream.id);
        const s = stream._stdio;
        if (s) { s[internals.netReadStopped] = true; s[kIsUsedAsStdio] = true; }
        if (s && typeof s.pause === 'function') s.pause();
        if (s && s._readableState) {
          s.readableFlowing = false;
          s._readableState.reading = false;
        }
        continue;
      }
      if (stream.type === 'pipe' || stream.type === 'overlapped') {
        stream.socket = createSocket(err ? null : result.handles[i], i > 0);
        if (i > 0 && !err) {
          this._closesNeeded++;
          stream.socket.on('close', () => maybeClose(this));
        }
      }
    }
    this.stdin = stdio.length >= 1 && stdio[0].socket !== undefined ? stdio[0].socket : null;
    this.stdout = stdio.length >= 2 && stdio[1].socket !== undefined ? stdio[1].socket : null;
    this.stderr = stdio.length >= 3 && stdio[2].socket !== undefined ? stdio[2].socket : null;
    this.stdio = stdio.map((s) => (s.socket === undefined ? null : s.socket));
    if (ipc !== undefined && channel != null) setupChannel(this, channel, serialization, true);
    return err;
  };

  ChildProcess.prototype.kill = function (sig) {
    const signal = sig === 0 ? sig : convertToValidSignal(sig === undefined ? 'SIGTERM' : sig);
    const handle = this[kHandle];
    if (handle && handle.pid) {
      const err = host.cpKill(handle.pid, signal);
      if (err === 0) {
        this.killed = true;
        return true;
      }
      const [code] = host.os.errname(err);
      if (code === 'ESRCH') {
        // Already dead.
      } else if (code === 'EINVAL' || code === 'ENOSYS') {
        throw errnoException(err, 'kill');
      } else {
        this.emit('error', errnoException(err, 'kill'));
      }
    }
    return false;
  };
  if (Symbol.dispose) {
    ChildProcess.prototype[Symbol.dispose] = function () {
      if (!this.killed) this.kill();
    };
  }
  ChildProcess.prototype.ref = function () {
    const handle = this[kHandle];
    if (handle) { handle.refed = true; if (handle.pid) host.cpRef(handle.pid, true); }
  };
  ChildProcess.prototype.unref = function () {
    const handle = this[kHandle];
    if (handle) { handle.refed = false; if (handle.pid) host.cpRef(handle.pid, false); }
  };

  // ------------------------------------------------------------ IPC
  // Node's setupChannel (lib/internal/child_process.js) with its two
  // serializations (lib/internal/child_process/serialization.js): 'json',
  // each message its JSON text and a newline on the channel (a
  // socketpair), or 'advanced', each message V8's serialization of it
  // (ChildProcessSerializer) after its length as a big-endian uint32.
  // Messages whose `cmd` begins with NODE_ are internal ('internalMessage').
  const isInternal = (m) => m !== null && typeof m === 'object' && typeof m.cmd === 'string' && m.cmd.length > 4 && m.cmd.startsWith('NODE_');
  // Node's ChildProcessSerializer and ChildProcessDeserializer: a view is
  // written as DefaultSerializer writes it after the tag 0; any other host
  // object as a copy of its own enumerable properties after the tag 1.
  let advancedClasses = null;
  function advanced() {
    if (advancedClasses !== null) return advancedClasses;
    const v8 = internals.require('v8');
    class ChildProcessSerializer extends v8.DefaultSerializer {
      _writeHostObject(object) {
        if (ArrayBuffer.isView(object)) {
          this.writeUint32(0);
          return super._writeHostObject(object);
        }
        this.writeUint32(1);
        this.writeValue({ ...object });
      }
    }
    class ChildProcessDeserializer extends v8.DefaultDeserializer {
      _readHostObject() {
        const tag = this.readUint32();
        if (tag === 0) return super._readHostObject();
        return this.readValue();
      }
    }
    advancedClasses = { ChildProcessSerializer, ChildProcessDeserializer };
    return advancedClasses;
  }
  function serializeAdvanced(message) {
    const ser = new (advanced().ChildProcessSerializer)();
    // (Four bytes for the length, filled in once it is known.)
    ser.writeRawBytes(Buffer.alloc(4));
    ser.writeHeader();
    ser.writeValue(message);
    const bytes = ser.releaseBuffer();
    bytes.writeUInt32BE(bytes.length - 4, 0);
    return bytes;
  }
  function setupChannel(target, id, serialization, parent) {
    const channel = {
      id,
      fd: host.netFd(id),
      refs: 0,
      refed: parent,
      buffering: false,
      pending: [],
      writes: new Map(),
      ref() { this.refed = true; host.netRef(this.id, true); },
      unref() { this.refed = false; host.netRef(this.id, false); },
      close() {
        if (this.closed) return;
        this.closed = true;
        host.netClose(this.id);
        host.closeHandle(() => {});
      },
    };
    // The channel's reference count (Node's Control): sends in flight and,
    // in a child, 'message' and 'disconnect' listeners keep it referenced.
    const control = {
      refCounted() { if (++channel.refs === 1 && !channel.explicit) channel.ref(); },
      unrefCounted() { if (--channel.refs === 0 && !channel.explicit) channel.unref(); },
    };
    host.netRef(id, parent);
    target.channel = channel;
    Object.defineProperty(target, '_channel', {
      get() { return target.channel; },
      set(v) { target.channel = v; },
      enumerable: false,
      configurable: true,
    });
    target._handleQueue = null;
    target._pendingMessage = null;
    const decoder = new StringDecoder('utf8');
    let jsonBuffer = '';
    // 'advanced': the bytes of messages not yet complete.
    let messageBuffer = [];
    let messageBufferSize = 0;
    function parseAdvanced(chunk) {
      if (chunk.length === 0) return;
      messageBuffer.push(chunk);
      messageBufferSize += chunk.length;
      // (A length field split across reads is put together first.)
      if (messageBuffer[0].length < 4 && messageBufferSize >= 4) messageBuffer = [Buffer.concat(messageBuffer, messageBufferSize)];
      let head = messageBuffer[0];
      while (head.length >= 4) {
        // (The length is unsigned: a field of 2 ** 31 or more is a message
        // still to come, not a negative length.)
        const full = (((head[0] << 24) | (head[1] << 16) | (head[2] << 8) | head[3]) >>> 0) + 4;
        if (messageBufferSize < full) break;
        const all = messageBuffer.length === 1 ? messageBuffer[0] : Buffer.concat(messageBuffer, messageBufferSize);
        const der = new (advanced().ChildProcessDeserializer)(all.subarray(4, full));
        head = all.subarray(full);
        messageBufferSize = head.length;
        messageBuffer = messageBufferSize !== 0 ? [head] : [];
        der.readHeader();
        const message = der.readValue();
        handleMessage(message, isInternal(message));
      }
      channel.buffering = messageBufferSize > 0;
    }
    function handleMessage(message, internal) {
      if (!target.channel) return;
      nextTick(emitMessage, internal ? 'internalMessage' : 'message', message);
    }
    function emitMessage(event, message) {
      if (event === 'internalMessage' || target.listenerCount('message')) {
        target.emit(event, message);
        return;
      }
      channel.pending.push([event, message]);
    }
    target.on('newListener', function () {
      nextTick(() => {
        if (!target.channel || !target.listenerCount('message')) return;
        const messages = channel.pending;
        channel.pending = [];
        for (const m of messages) target.emit(...m);
      });
    });
    net._register(id, {
      _event(e) {
        switch (e.type) {
          case 'data': {
            if (serialization === 'advanced') {
              // (A copy: the bytes may wait for the rest of their message.)
              parseAdvanced(Buffer.from(e.data));
              break;
            }
            const chunk = Buffer.from(e.data.buffer, e.data.byteOffset, e.data.byteLength);
            const lines = decoder.write(chunk).split('\n');
            const complete = lines.length - 1;
            if (complete === 0) {
              jsonBuffer += lines[0];
              channel.buffering = jsonBuffer.length !== 0;
              return;
            }
            lines[0] = jsonBuffer + lines[0];
            for (let i = 0; i < complete; i++) {
              const message = JSON.parse(lines[i]);
              handleMessage(message, isInternal(message));
            }
            jsonBuffer = lines[complete];
            channel.buffering = jsonBuffer.length !== 0;
            break;
          }
          case 'end':
          case 'failed':
            // The other side closed the channel.
            channel.buffering = false;
            if (target.connected) target.disconnect();
            else if (target.channel) target._disconnect();
            channel.close();
            if (target instanceof ChildProcess) maybeClose(target);
            break;
          case 'written': {
            const cb = channel.writes.get(e.request);
            channel.writes.delete(e.request);
            control.unrefCounted();
            if (cb) cb(null);
            break;
          }
        }
      },
    });
    target.connected = true;
    target.send = function (message, handle, options, callback) {
      if (typeof handle === 'function') {
        callback = handle;
        handle = undefined;
        options = undefined;
      } else if (typeof options === 'function') {
        callback = options;
        options = undefined;
      } else if (options !== undefined) validateObject(options, 'options');
      options = { swallowErrors: false, ...options };
      if (this.connected) return this._send(message, handle, options, callback);
      const ex = nodeError(Error, 'ERR_IPC_CHANNEL_CLOSED', 'Channel closed');
      if (typeof callback === 'function') nextTick(callback, ex);
      else nextTick(() => this.emit('error', ex));
      return false;
    };
    target._send = function (message, handle, options, callback) {
      if (message === undefined) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "message" argument must be specified');
      if (typeof message !== 'string' && typeof message !== 'object' && typeof message !== 'number' && typeof message !== 'boolean') {
        throw invalidArgType('message', ['string', 'object', 'number', 'boolean'], message);
      }
      if (handle) {
        // Node sends sockets, servers and UDP sockets (their descriptors,
        // with SCM_RIGHTS); jsloop does not yet.
        if (!(handle instanceof net.Socket || handle instanceof net.Server || handle instanceof internals.require('dgram').Socket)) {
          throw nodeError(TypeError, 'ERR_INVALID_HANDLE_TYPE', 'This handle type cannot be sent');
        }
        throw nodeError(Error, 'ERR_FEATURE_UNAVAILABLE_ON_PLATFORM', 'Sending handles over an IPC channel is not supported by jsloop');
      }
      const bytes = serialization === 'advanced' ? serializeAdvanced(message) : Buffer.from(`${JSON.stringify(message)}\n`);
      const request = host.netWrite(channel.id, bytes, true);
      if (request <= 0) {
        if (typeof callback === 'function') nextTick(callback, null);
      } else {
        control.refCounted();
        channel.writes.set(request, callback);
      }
      return true;
    };
    target.disconnect = function () {
      if (!this.connected) {
        this.emit('error', nodeError(Error, 'ERR_IPC_DISCONNECTED', 'IPC channel is already disconnected'));
        return;
      }
      this.connected = false;
      if (!this._handleQueue) this._disconnect();
    };
    target._disconnect = function () {
      if (!this.channel) return;
      this.channel = null;
      let fired = false;
      function finish() {
        if (fired) return;
        fired = true;
        channel.close();
        target.emit('disconnect');
      }
      if (channel.buffering) {
        this.once('message', finish);
        this.once('internalMessage', finish);
        return;
      }
      nextTick(finish);
    };
    return control;
  }

  // In a child made by fork(): process.send() and the channel on fd N.
  function _forkChild(fd, serializationMode) {
    const id = host.cpOpenFd(fd);
    if (id < 0) return;
    const control = setupChannel(process, id, serializationMode, false);
    // (The descriptor the parent passed, as Node's Pipe reports it.)
    process.channel.fd = fd;
    process.channel.unref();
    process.on('newListener', function onNewListener(name) {
      if (name === 'message' || name === 'disconnect') control.refCounted();
    });
    process.on('removeListener', function onRemoveListener(name) {
      if (name === 'message' || name === 'disconnect') control.unrefCounted();
    });
  }

  // ------------------------------------------------------------ spawn
  let emittedDEP0190 = false;
  function normalizeSpawnArguments(file, args, options) {
    validateString(file, 'file');
    validateArgumentNullCheck(file, 'file');
    if (file.length === 0) throw invalidArgValue('file', file, 'cannot be empty');
    if (Array.isArray(args)) args = args.slice();
    else if (args == null) args = [];
    else if (typeof args !== 'object') throw invalidArgType('args', 'object', args);
    else {
      options = args;
      args = [];
    }
    validateArgumentsNullCheck(args, 'args');
    if (options === undefined) options = {};
    else validateObject(options, 'options');
    // (Null-prototype copies: what Object.prototype holds is no option.)
    options = { __proto__: null, ...options };
    let cwd = options.cwd;
    if (cwd != null) cwd = validatedPath(cwd, 'options.cwd');
    if (options.detached != null) validateBoolean(options.detached, 'options.detached');
    if (options.uid != null && !isInt32(options.uid)) throw invalidArgType('options.uid', 'int32', options.uid);
    if (options.gid != null && !isInt32(options.gid)) throw invalidArgType('options.gid', 'int32', options.gid);
    if (options.shell != null && typeof options.shell !== 'boolean' && typeof options.shell !== 'string') {
      throw invalidArgType('options.shell', ['boolean', 'string'], options.shell);
    }
    if (options.argv0 != null) {
      validateString(options.argv0, 'options.argv0');
      validateArgumentNullCheck(options.argv0, 'options.argv0');
    }
    if (options.windowsHide != null) validateBoolean(options.windowsHide, 'options.windowsHide');
    const windowsVerbatimArguments = options.windowsVerbatimArguments;
    if (windowsVerbatimArguments != null) validateBoolean(windowsVerbatimArguments, 'options.windowsVerbatimArguments');
    if (options.shell) {
      validateArgumentNullCheck(options.shell, 'options.shell');
      if (args.length > 0 && !emittedDEP0190) {
        emittedDEP0190 = true;
        process.emitWarning('Passing args to a child process with shell option true can lead to security vulnerabilities, as the arguments are not escaped, only concatenated.', 'DeprecationWarning', 'DEP0190');
      }
      const command = args.length > 0 ? `${file} ${args.join(' ')}` : file;
      file = typeof options.shell === 'string' ? options.shell : '/bin/sh';
      args = ['-c', command];
    }
    if (typeof options.argv0 === 'string') args.unshift(options.argv0);
    else args.unshift(file);
    const env = options.env || process.env;
    const envPairs = [];
    for (const key in env) {
      const value = env[key];
      if (value !== undefined) {
        validateArgumentNullCheck(key, `options.env['${key}']`);
        validateArgumentNullCheck(value, `options.env['${key}']`);
        envPairs.push(`${key}=${value}`);
      }
    }
    return {
      __proto__: null,
      ...options,
      args,
      cwd,
      detached: !!options.detached,
      envPairs,
      file,
      windowsHide: !!options.windowsHide,
      windowsVerbatimArguments: !!windowsVerbatimArguments,
    };
  }

  function abortChildProcess(child, killSignal, reason) {
    if (!child) return;
    try {
      if (child.kill(killSignal)) child.emit('error', new AbortError(undefined, { cause: reason }));
    } catch (err) {
      child.emit('error', err);
    }
  }

  function spawn(file, args, options) {
    options = normalizeSpawnArguments(file, args, options);
    validateTimeout(options.timeout);
    validateAbortSignal(options.signal, 'options.signal');
    const killSignal = sanitizeKillSignal(options.killSignal);
    const child = new ChildProcess();
    child.spawn(options);
    if (options.timeout > 0) {
      let timeoutId = setTimeout(() => {
        if (timeoutId) {
          try {
            child.kill(killSignal);
          } catch (err) {
            child.emit('error', err);
          }
          timeoutId = null;
        }
      }, options.timeout);
      child.once('exit', () => {
        if (timeoutId) {
          clearTimeout(timeoutId);
          timeoutId = null;
        }
      });
    }
    if (options.signal) {
      const signal = options.signal;
      const onAbortListener = () => abortChildProcess(child, killSignal, options.signal.reason);
      if (signal.aborted) nextTick(onAbortListener);
      else {
        signal.addEventListener('abort', onAbortListener, { once: true });
        child.once('exit', () => signal.removeEventListener('abort', onAbortListener));
      }
    }
    return child;
  }

  // ------------------------------------------------------------ fork
  function fork(modulePath, args, options) {
    modulePath = validatedPath(modulePath, 'modulePath');
    if (args == null) args = [];
    else if (typeof args === 'object' && !Array.isArray(args)) {
      options = args;
      args = [];
    } else validateArray(args, 'args');
    if (options != null) validateObject(options, 'options');
    options = { __proto__: null, ...options, shell: false };
    options.execPath = options.execPath || process.execPath;
    validateArgumentNullCheck(options.execPath, 'options.execPath');
    const execArgv = options.execArgv || process.execArgv;
    validateArgumentsNullCheck(execArgv, 'options.execArgv');
    args = [...execArgv, modulePath, ...args];
    if (typeof options.stdio === 'string') options.stdio = stdioStringToArray(options.stdio, 'ipc');
    else if (!Array.isArray(options.stdio)) {
      // fd 3 is the channel; stdin, stdout and stderr are the parent's unless silent.
      options.stdio = stdioStringToArray(options.silent ? 'pipe' : 'inherit', 'ipc');
    } else if (!options.stdio.includes('ipc')) {
      throw nodeError(Error, 'ERR_CHILD_PROCESS_IPC_REQUIRED', "Forked processes must have an IPC channel, missing value 'ipc' in options.stdio");
    }
    return spawn(options.execPath, args, options);
  }

  // ------------------------------------------------------------ exec, execFile
  function normalizeExecArgs(command, options, callback) {
    validateString(command, 'command');
    validateArgumentNullCheck(command, 'command');
    if (typeof options === 'function') {
      callback = options;
      options = undefined;
    }
    options = { __proto__: null, ...options };
    options.shell = typeof options.shell === 'string' ? options.shell : true;
    return { file: command, options, callback };
  }
  function exec(command, options, callback) {
    const opts = normalizeExecArgs(command, options, callback);
    return module.execFile(opts.file, opts.options, opts.callback);
  }
  // (Named as the function it promisifies, as Node's assignFunctionName does.)
  function customPromiseExecFunction(orig) {
    return Object.defineProperty(customPromiseExecBody(orig), 'name', { value: orig.name });
  }
  function customPromiseExecBody(orig) {
    return (...args) => {
      let resolve, reject;
      const promise = new Promise((res, rej) => { resolve = res; reject = rej; });
      promise.child = orig(...args, (err, stdout, stderr) => {
        if (err !== null) {
          err.stdout = stdout;
          err.stderr = stderr;
          reject(err);
        } else resolve({ stdout, stderr });
      });
      return promise;
    };
  }
  const kCustomPromisify = Symbol.for('nodejs.util.promisify.custom');
  Object.defineProperty(exec, kCustomPromisify, { enumerable: false, value: customPromiseExecFunction(exec) });

  function normalizeExecFileArgs(file, args, options, callback) {
    if (Array.isArray(args)) args = args.slice();
    else if (args != null && typeof args === 'object') {
      callback = options;
      options = args;
      args = null;
    } else if (typeof args === 'function') {
      callback = args;
      options = null;
      args = null;
    }
    if (args == null) args = [];
    if (typeof options === 'function') callback = options;
    else if (options != null) validateObject(options, 'options');
    if (options == null) options = { __proto__: null };
    if (callback != null) validateFunction(callback, 'callback');
    if (options.argv0 != null) {
      validateString(options.argv0, 'options.argv0');
      validateArgumentNullCheck(options.argv0, 'options.argv0');
    }
    return { file, args, options, callback };
  }

  function execFile(file, args, options, callback) {
    ({ file, args, options, callback } = normalizeExecFileArgs(file, args, options, callback));
    options = {
      __proto__: null,
      encoding: 'utf8',
      timeout: 0,
      maxBuffer: MAX_BUFFER,
      killSignal: 'SIGTERM',
      cwd: null,
      env: null,
      shell: false,
      ...options,
    };
    validateTimeout(options.timeout);
    validateMaxBuffer(options.maxBuffer);
    options.killSignal = sanitizeKillSignal(options.killSignal);
    const child = spawn(file, args, {
      cwd: options.cwd,
      env: options.env,
      gid: options.gid,
      shell: options.shell,
      signal: options.signal,
      uid: options.uid,
      argv0: options.argv0,
      windowsHide: !!options.windowsHide,
      windowsVerbatimArguments: !!options.windowsVerbatimArguments,
    });
    const encoding = options.encoding !== 'buffer' && Buffer.isEncoding(options.encoding) ? options.encoding : null;
    const _stdout = [];
    const _stderr = [];
    let stdoutLen = 0;
    let stderrLen = 0;
    let killed = false;
    let exited = false;
    let timeoutId;
    let ex = null;
    let cmd = file;
    function exithandler(code, signal) {
      if (exited) return;
      exited = true;
      if (timeoutId) {
        clearTimeout(timeoutId);
        timeoutId = null;
      }
      if (!callback) return;
      let stdout, stderr;
      if (encoding || (child.stdout && child.stdout.readableEncoding)) stdout = _stdout.join('');
      else stdout = Buffer.concat(_stdout);
      if (encoding || (child.stderr && child.stderr.readableEncoding)) stderr = _stderr.join('');
      else stderr = Buffer.concat(_stderr);
      if (!ex && code === 0 && signal === null) {
        callback(null, stdout, stderr);
        return;
      }
      if (args?.length) cmd += ` ${args.join(' ')}`;
      if (!ex) {
        ex = genericNodeError(`Command failed: ${cmd}\n${stderr}`, {
          code: code < 0 ? host.os.errname(code)[0] : code,
          killed: child.killed || killed,
          signal,
        });
      }
      ex.cmd = cmd;
      callback(ex, stdout, stderr);
    }
    function errorhandler(e) {
      ex = e;
      if (child.stdout) child.stdout.destroy();
      if (child.stderr) child.stderr.destroy();
      exithandler();
    }
    function kill() {
      if (child.stdout) child.stdout.destroy();
      if (child.stderr) child.stderr.destroy();
      killed = true;
      try {
        child.kill(options.killSignal);
      } catch (e) {
        ex = e;
        exithandler();
      }
    }
    if (options.timeout > 0) {
      timeoutId = setTimeout(function delayedKill() {
        kill();
        timeoutId = null;
      }, options.timeout);
    }
    function collect(stream, chunks, which) {
      if (encoding) stream.setEncoding(encoding);
      stream.on('data', function (chunk) {
        if (options.maxBuffer === Infinity) {
          chunks.push(chunk);
          return;
        }
        const enc = stream.readableEncoding;
        const length = enc ? Buffer.byteLength(chunk, enc) : chunk.length;
        const total = (which === 'stdout' ? (stdoutLen += length) : (stderrLen += length));
        if (total > options.maxBuffer) {
          const truncatedLen = options.maxBuffer - (total - length);
          chunks.push(chunk.slice(0, truncatedLen));
          ex = nodeError(RangeError, 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER', `${which} maxBuffer length exceeded`);
          kill();
        } else chunks.push(chunk);
      });
    }
    if (child.stdout) collect(child.stdout, _stdout, 'stdout');
    if (child.stderr) collect(child.stderr, _stderr, 'stderr');
    child.addListener('close', exithandler);
    child.addListener('error', errorhandler);
    return child;
  }
  Object.defineProperty(execFile, kCustomPromisify, { enumerable: false, value: customPromiseExecFunction(execFile) });

  // ------------------------------------------------------------ the Sync forms
  function spawnSyncInternal(options) {
    const stdio = options.stdio.map((s) => {
      let input;
      if (s.input !== undefined) input = typeof s.input === 'string' ? Buffer.from(s.input, options.encoding) : new Uint8Array(s.input.buffer, s.input.byteOffset, s.input.byteLength);
      return { type: s.type, fd: s.fd, id: s.id, input };
    });
    const raw = host.cpSpawnSync({
      file: options.file,
      args: options.args.map(String),
      cwd: options.cwd ? options.cwd : undefined,
      envPairs: options.envPairs,
      stdio,
      detached: !!options.detached,
      uid: options.uid == null ? undefined : options.uid,
      gid: options.gid == null ? undefined : options.gid,
      timeout: options.timeout,
      maxBuffer: options.maxBuffer,
      killSignal: options.killSignal,
    });
    const result = {};
    if (raw.error !== undefined) result.error = raw.error;
    result.status = raw.status;
    result.signal = raw.signal;
    result.output = raw.output && raw.output.map((o) => (o ? Buffer.from(o.buffer, o.byteOffset, o.byteLength) : null));
    result.pid = raw.pid;
    if (result.output && options.encoding && options.encoding !== 'buffer') {
      for (let i = 0; i < result.output.length; i++) {
        if (result.output[i]) result.output[i] = result.output[i].toString(options.encoding);
      }
    }
    result.stdout = result.output?.[1];
    result.stderr = result.output?.[2];
    if (result.error) {
      result.error = errnoException(result.error, `spawnSync ${options.file}`);
      result.error.path = options.file;
      result.error.spawnargs = options.args.slice(1);
    }
    return result;
  }
  function spawnSync(file, args, options) {
    options = { __proto__: null, maxBuffer: MAX_BUFFER, ...normalizeSpawnArguments(file, args, options) };
    validateTimeout(options.timeout);
    validateMaxBuffer(options.maxBuffer);
    options.killSignal = sanitizeKillSignal(options.killSignal);
    options.stdio = getValidStdio(options.stdio || 'pipe', true).stdio;
    if (options.input) {
      const stdin = options.stdio[0] = { ...options.stdio[0] };
      stdin.input = options.input;
    }
    for (let i = 0; i < options.stdio.length; i++) {
      const input = options.stdio[i] && options.stdio[i].input;
      if (input != null) {
        const pipe = options.stdio[i] = { ...options.stdio[i] };
        if (ArrayBuffer.isView(input)) pipe.input = input;
        else if (typeof input === 'string') pipe.input = Buffer.from(input, options.encoding);
        else throw invalidArgType(`options.stdio[${i}]`, ['Buffer', 'TypedArray', 'DataView', 'string'], input);
      }
    }
    return spawnSyncInternal(options);
  }
  function checkExecSyncError(ret, args, cmd) {
    let err;
    if (ret.error) {
      err = ret.error;
      Object.assign(err, ret);
    } else if (ret.status !== 0) {
      let msg = 'Command failed: ';
      msg += cmd || args.join(' ');
      if (ret.stderr && ret.stderr.length > 0) msg += `\n${ret.stderr.toString()}`;
      err = genericNodeError(msg, ret);
    }
    return err;
  }
  function execFileSync(file, args, options) {
    ({ file, args, options } = normalizeExecFileArgs(file, args, options));
    const inheritStderr = !options.stdio;
    const ret = spawnSync(file, args, options);
    if (inheritStderr && ret.stderr) process.stderr.write(ret.stderr);
    const errArgs = [options.argv0 || file, ...args];
    const err = checkExecSyncError(ret, errArgs);
    if (err) throw err;
    return ret.stdout;
  }
  function execSync(command, options) {
    const opts = normalizeExecArgs(command, options, null);
    const inheritStderr = !opts.options.stdio;
    const ret = spawnSync(opts.file, opts.options);
    if (inheritStderr && ret.stderr) process.stderr.write(ret.stderr);
    const err = checkExecSyncError(ret, undefined, command);
    if (err) throw err;
    return ret.stdout;
  }

  // ------------------------------------------------------------ process.stdin
  // Node's getStdin (lib/internal/bootstrap/switches/is_main_thread.js): a
  // net.Socket over fd 0 when it is a pipe or a terminal, an fs.ReadStream
  // when it is a file. It starts paused and not reading: its handle keeps
  // the loop alive only while the stream reads (after 'data' or resume(),
  // until it pauses or ends).
  function getStdin() {
    const kind = host.stdinKind();
    let stdin = null;
    if (kind === 'pipe' || kind === 'tty') {
      const id = host.cpOpenFd(0);
      if (id >= 0) {
        stdin = new net.Socket({ handle: { id }, readable: true, writable: false, manualStart: true });
        net._register(id, stdin);
        stdin._writableState.ended = true;
        stdin._read = function () {
          if (this._handle) host.netRef(this._handle.id, true);
        };
        stdin.on('pause', () => {
          nextTick(() => {
            if (stdin._handle && !stdin.readableFlowing) host.netRef(stdin._handle.id, false);
          });
        });
      }
    } else if (kind === 'file') {
      stdin = internals.require('fs').createReadStream(null, { fd: 0, autoClose: false });
    }
    if (stdin === null) {
      const { Readable } = internals.require('stream');
      stdin = new Readable({ read() { this.push(null); } });
    }
    stdin.fd = 0;
    // (Node's stdin has isTTY only on a terminal.)
    if (kind === 'tty') {
      stdin.isTTY = true;
      stdin.isRaw = false;
      stdin.setRawMode = function (mode) { this.isRaw = !!mode; return this; };
    }
    return stdin;
  }

  const module = {
    _forkChild,
    ChildProcess,
    exec,
    execFile,
    execFileSync,
    execSync,
    fork,
    spawn,
    spawnSync,
  };
  Object.defineProperty(module, '_kill', { value: (pid, sig) => host.cpKill(pid, sig), enumerable: false });
  Object.defineProperty(module, Symbol.for('jsloop.stdin'), { value: getStdin, enumerable: false });
  Object.defineProperty(module, '_errnoException', { value: errnoException, enumerable: false });
  return module;
})

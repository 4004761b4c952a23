// jsloop glue 43: Node's net (TCP) on the host's mio poller. Connects,
// accepts, reads and writes complete in the poll phase; 'close' events come
// in the close phase, after the handle is closed.
(function (host, Buffer, internals, EventEmitter) {
  'use strict';
  const { nodeError, invalidArgType } = internals;
  // Node's validatePort (lib/internal/validators.js) and ERR_SOCKET_BAD_PORT.
  function validatePort(port, name = 'Port') {
    if ((typeof port !== 'number' && typeof port !== 'string') ||
        (typeof port === 'string' && port.trim().length === 0) ||
        +port !== (+port >>> 0) || port > 0xFFFF) {
      throw nodeError(RangeError, 'ERR_SOCKET_BAD_PORT', `${name} should be >= 0 and < 65536. Received ${internals.determineSpecificType(port)}.`);
    }
    return port | 0;
  }
  // Buffer's own Uint8Array subclass (what Buffer.from makes), to wrap
  // the bytes read without Buffer.from's argument checks.
  const FastBuffer = Buffer[Symbol.species];
  const handles = new Map(); // handle id -> Socket or Server
  // (node/tls.js moves an accepted socket's handle to its TLSSocket.)
  internals.netHandles = handles;

  // https://nodejs.org/api/net.html#class-netsocket
  // A Socket is a Duplex (Node's net.js): reads from the host are pushed,
  // writes go to the host from _write/_writev and complete when the host
  // reports them written (in the poll phase), end() shuts the write side
  // down from _final, and destroy() closes the handle, whose 'close' comes
  // in the close phase. Node's Socket does not emit 'close' from the stream
  // machinery (emitClose is false) and destroys itself when both sides are
  // done (autoDestroy).
  const { Duplex } = internals.require('stream');
  const { readablePush, readablePushBuffer, maybeReadMore_, readableRead, nop } = internals.require('stream')[Symbol.for('jsloop.node.stream.internal')];
  const mapGet = Map.prototype.get;
  // (A socket's writable state's writeNow: node/net_write.rs.)
  const netWriteNow = host.netWriteNow;
  const kTimeout = Symbol('kTimeout');
  const kPendingFinal = Symbol('kPendingFinal');
  const kReadStopped = Symbol('kReadStopped');
  // The connect attempt under way: its address (kConnectTarget), or its
  // place among a name's addresses (kConnectAttempt, internalConnectMultiple).
  const kConnectTarget = Symbol('kConnectTarget');
  const kConnectAttempt = Symbol('kConnectAttempt');
  // (child_process.js stops a socket's reading when a child takes it.)
  internals.netReadStopped = kReadStopped;
  function closedError() {
    return nodeError(Error, 'ERR_SOCKET_CLOSED', 'Socket is closed');
  }
  function Socket(options) {
    if (!(this instanceof Socket)) return new Socket(options);
    if (options?.objectMode) {
      throw internals.invalidArgValue('options.objectMode', options.objectMode, 'is not supported');
    } else if (options?.readableObjectMode || options?.writableObjectMode) {
      throw internals.invalidArgValue(`options.${options.readableObjectMode ? 'readableObjectMode' : 'writableObjectMode'}`,
        options.readableObjectMode || options.writableObjectMode, 'is not supported');
    }
    this.connecting = false;
    this._hadError = false;
    this._handle = null;
    this._parent = null;
    this._host = null;
    this[kTimeout] = null;
    this[kPendingFinal] = null;
    options = typeof options === 'number' ? { fd: options } : { ...options };
    options.allowHalfOpen = Boolean(options.allowHalfOpen);
    options.emitClose = false;
    options.autoDestroy = true;
    options.decodeStrings = false;
    Duplex.call(this, options);
    this._writes = new Map(); // host write request -> callback
    this._writableState.writeNow = netWriteNow;
    // Node's kSetNoDelay: options.noDelay applies once connected.
    this._noDelay = Boolean(options.noDelay);
    if (options.handle) this._handle = options.handle;
    else if (typeof options.fd !== 'undefined') {
      // A descriptor the process was given (a pipe or socketpair from its
      // parent): a stream handle over it.
      internals.validateInt32(options.fd, 'fd', 0);
      const id = host.cpOpenFd(options.fd);
      if (id < 0) throw internals.require('child_process')._errnoException(id, 'open');
      this._handle = { id };
      handles.set(id, this);
    }
    this.on('end', onReadableStreamEnd);
    this._pendingData = null;
    this._pendingEncoding = '';
    this._bytesDispatched = 0;
    this.bytesRead = 0;
    this.remoteAddress = undefined;
    this.remotePort = undefined;
    this.remoteFamily = undefined;
    this.localAddress = undefined;
    this.localPort = undefined;
    this.server = null;
    this._server = null;
    if (this._handle && options.readable !== false) {
      if (options.pauseOnCreate) {
        this.readableFlowing = false;
        this[kReadStopped] = true;
        host.netReadStop(this._handle.id);
      }
      else if (!options.manualStart) this.read(0);
    }
  }
  Object.setPrototypeOf(Socket.prototype, Duplex.prototype);
  Object.setPrototypeOf(Socket, Duplex);
  Object.defineProperty(Socket.prototype, '_id', { get() { return this._handle ? this._handle.id : 0; } });
  Object.defineProperty(Socket.prototype, '_connecting', { get() { return this.connecting; } });
  Object.defineProperty(Socket.prototype, 'readyState', {
    get() {
      if (this.connecting) return 'opening';
      if (this.readable && this.writable) return 'open';
      if (this.readable && !this.writable) return 'readOnly';
      if (!this.readable && this.writable) return 'writeOnly';
      return 'closed';
    },
  });
  Object.defineProperty(Socket.prototype, 'pending', { get() { return !this._handle || this.connecting; }, configurable: true });
  // Bytes written so far, counting those still queued (as Node counts them).
  Object.defineProperty(Socket.prototype, 'bytesWritten', {
    get() {
      let bytes = this._bytesDispatched;
      const buffered = this.writableBuffer;
      if (!buffered) return undefined;
      for (const el of buffered) bytes += Buffer.isBuffer(el.chunk) ? el.chunk.length : Buffer.byteLength(el.chunk, el.encoding);
      const data = this._pendingData;
      if (Array.isArray(data)) {
        for (const chunk of data) bytes += data.allBuffers || Buffer.isBuffer(chunk) ? chunk.length : Buffer.byteLength(chunk.chunk, chunk.encoding);
      } else if (data) {
        bytes += typeof data !== 'string' ? data.length : Buffer.byteLength(data, this._pendingEncoding);
      }
      return bytes;
    },
  });
  // A socket connected again after it was destroyed gets a new handle, whose
  // byte counts start at 0 (Node's bytesRead and bytesWritten read the
  // handle's counts while it has one: lib/net.js).
  function resetCounts(socket) {
    socket._bytesDispatched = 0;
    socket.bytesRead = 0;
  }
  // (net.connect passes its arguments normalized: [options, cb], marked.)
  const kNormalized = Symbol('normalizedArgs');
  Socket.prototype.connect = function (...args) {
    const [options, cb] = args.length === 1 && Array.isArray(args[0]) && args[0][kNormalized] ? args[0] : normalizeConnectArgs(args);
    if (typeof cb === 'function') this.once('connect', cb);
    if (typeof options.port === 'undefined' && options.path == null) {
      throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "options" or "port" or "path" argument must be specified');
    }
    // A Unix domain socket (Node's Pipe).
    if (options.path != null) {
      if (typeof options.path !== 'string') throw invalidArgType('options.path', 'string', options.path);
      if (this.write !== Socket.prototype.write) this.write = Socket.prototype.write;
      if (this.destroyed) {
        this._handle = null;
        resetCounts(this);
        this._undestroy();
      }
      this.connecting = true;
      try {
        this._handle = { id: host.netConnectPath(options.path) };
        handles.set(this._handle.id, this);
      } catch (err) {
        process.nextTick(() => this.destroy(err));
      }
      return this;
    }
    if (typeof options.port !== 'number' && typeof options.port !== 'string') {
      throw invalidArgType('options.port', ['number', 'string'], options.port);
    }
    // Node's lookupAndConnect (lib/net.js): the checks made before any lookup.
    const hostname = options.host || 'localhost';
    if (typeof hostname !== 'string') throw invalidArgType('options.host', 'string', hostname);
    if (options.localAddress && !isIP(options.localAddress)) {
      throw nodeError(TypeError, 'ERR_INVALID_IP_ADDRESS', `Invalid IP address: ${options.localAddress}`);
    }
    if (options.localPort) internals.validateNumber(options.localPort, 'options.localPort');
    const port = validatePort(options.port);
    if (typeof options.hints !== 'undefined' && options.hints !== 0) {
      const dns = internals.require('dns');
      if ((options.hints & ~(dns.ADDRCONFIG | dns.ALL | dns.V4MAPPED)) !== 0) throw internals.invalidArgValue('hints', options.hints);
    }
    let { autoSelectFamily, autoSelectFamilyAttemptTimeout } = options;
    if (autoSelectFamily != null) validateBoolean(autoSelectFamily, 'options.autoSelectFamily');
    else autoSelectFamily = autoSelectFamilyDefault;
    if (autoSelectFamilyAttemptTimeout != null) {
      internals.validateInt32(autoSelectFamilyAttemptTimeout, 'options.autoSelectFamilyAttemptTimeout', 1);
      if (autoSelectFamilyAttemptTimeout < 10) autoSelectFamilyAttemptTimeout = 10;
    } else autoSelectFamilyAttemptTimeout = autoSelectFamilyAttemptTimeoutDefault;
    if (this.write !== Socket.prototype.write) this.write = Socket.prototype.write;
    if (this.destroyed) {
      this._handle = null;
      resetCounts(this);
      this._undestroy();
    }
    this._unrefTimer();
    this.connecting = true;
    // An address is connected to on the next tick (Node's lookupAndConnect:
    // a socket destroyed before then never connects).
    const addressType = isIP(hostname);
    if (addressType) {
      process.nextTick(connectAddressNT, this, hostname, port, options.localAddress, options.localPort, addressType);
      return this;
    }
    if (options.lookup != null) internals.validateFunction(options.lookup, 'options.lookup');
    lookupAndConnect(this, options, hostname, port, autoSelectFamily, autoSelectFamilyAttemptTimeout);
    return this;
  };
  // Node's lookupAndConnect (lib/net.js) for a name that is not an
  // address: dns.lookup (on the thread pool, its callback in the poll
  // phase) or the caller's options.lookup, its answer emitted as 'lookup'
  // (err, address, family, host), then the connect; a failed lookup is the
  // socket's error on the next tick. (A name used to be resolved on the
  // loop's thread, in the connect call, and one that did not resolve was
  // connected to 127.0.0.1.)
  function lookupAndConnect(self, options, host, port, autoSelectFamily, attemptTimeout) {
    const dns = internals.require('dns');
    const { localAddress, localPort } = options;
    const dnsopts = { family: socketToDnsFamily(options.family), hints: options.hints || 0 };
    if (dnsopts.family !== 4 && dnsopts.family !== 6 && dnsopts.hints === 0) dnsopts.hints = dns.ADDRCONFIG;
    self._host = host;
    const lookup = options.lookup || dns.lookup;
    if (dnsopts.family !== 4 && dnsopts.family !== 6 && !localAddress && autoSelectFamily) {
      dnsopts.all = true;
      lookupAndConnectMultiple(self, lookup, host, options, dnsopts, port, localPort, attemptTimeout);
      return;
    }
    lookup(host, dnsopts, function emitLookup(err, ip, addressType) {
      self.emit('lookup', err, ip, addressType, host);
      if (!self.connecting) return;
      if (err) process.nextTick(connectErrorNT, self, err);
      else if (!isIP(ip)) process.nextTick(connectErrorNT, self, invalidIpAddress(ip));
      else if (addressType !== 4 && addressType !== 6) {
        process.nextTick(connectErrorNT, self, invalidAddressFamily(addressType, options.host, options.port));
      } else {
        self._unrefTimer();
        self._connectTo(ip, port, localAddress, localPort, addressType);
      }
    });
  }
  // Node's lookupAndConnectMultiple: every address of the name, the two
  // families taken in turn (the first address's family first), each address
  // once; one address is connected to as by lookupAndConnect, more are
  // tried one after another (internalConnectMultiple).
  function lookupAndConnectMultiple(self, lookup, host, options, dnsopts, port, localPort, timeout) {
    lookup(host, dnsopts, function emitLookup(err, addresses) {
      if (!self.connecting) return;
      if (err) {
        self.emit('lookup', err, undefined, undefined, host);
        process.nextTick(connectErrorNT, self, err);
        return;
      }
      const validAddresses = [[], []];
      const validIps = [[], []];
      let destinations;
      for (let i = 0, l = addresses.length; i < l; i++) {
        const address = addresses[i];
        const { address: ip, family: addressType } = address;
        self.emit('lookup', err, ip, addressType, host);
        if (!self.connecting) return;
        if (isIP(ip) && (addressType === 4 || addressType === 6)) {
          if (!destinations) destinations = addressType === 6 ? { 6: 0, 4: 1 } : { 4: 0, 6: 1 };
          const destination = destinations[addressType];
          if (!validIps[destination].includes(ip)) {
            validAddresses[destination].push(address);
            validIps[destination].push(ip);
          }
        }
      }
      // No address of either family: the first one's error.
      if (!validAddresses[0].length && !validAddresses[1].length) {
        const { address: firstIp, family: firstAddressType } = addresses[0];
        if (!isIP(firstIp)) process.nextTick(connectErrorNT, self, invalidIpAddress(firstIp));
        else if (firstAddressType !== 4 && firstAddressType !== 6) {
          process.nextTick(connectErrorNT, self, invalidAddressFamily(firstAddressType, options.host, options.port));
        }
        return;
      }
      const toAttempt = [];
      for (let i = 0, l = Math.max(validAddresses[0].length, validAddresses[1].length); i < l; i++) {
        if (i in validAddresses[0]) toAttempt.push(validAddresses[0][i]);
        if (i in validAddresses[1]) toAttempt.push(validAddresses[1][i]);
      }
      if (toAttempt.length === 1) {
        const { address: ip, family: addressType } = toAttempt[0];
        self._unrefTimer();
        self._connectTo(ip, port, undefined, localPort, addressType);
        return;
      }
      self.autoSelectFamilyAttemptedAddresses = [];
      const context = { socket: self, addresses: toAttempt, current: 0, port, localPort, timeout, timer: null, errors: [] };
      self._unrefTimer();
      internalConnectMultiple(context);
    });
  }
  // Node's internalConnectMultiple: the next address, on a new handle; an
  // attempt that neither connects nor fails within the attempt timeout is
  // given up ('connectionAttemptTimeout', ETIMEDOUT) for the next; when
  // every address has failed, the socket's error is an AggregateError of
  // the attempts' errors.
  function internalConnectMultiple(context) {
    clearTimeout(context.timer);
    const self = context.socket;
    if (context.current === context.addresses.length) {
      if (context.errors.length === 0) {
        self.destroy(nodeError(Error, 'ERR_SOCKET_CONNECTION_TIMEOUT', 'Socket connection timeout'));
      } else {
        self.destroy(nodeAggregateError(context.errors));
      }
      return;
    }
    const current = context.current++;
    if (current > 0 && self._handle) {
      // Node's kReinitializeHandle: the attempt's handle is closed.
      host.netClose(self._handle.id);
      handles.delete(self._handle.id);
      self._handle = null;
    }
    const { address, family: addressType } = context.addresses[current];
    self.emit('connectionAttempt', address, context.port, addressType);
    self.autoSelectFamilyAttemptedAddresses.push(`${address}:${context.port}`);
    try {
      self._handle = { id: host.netConnect(address, context.port, undefined, context.localPort || undefined) };
      handles.set(self._handle.id, self);
    } catch (err) {
      context.errors.push(err);
      self.emit('connectionAttemptFailed', address, context.port, addressType, err);
      internalConnectMultiple(context);
      return;
    }
    self[kConnectAttempt] = { context, address, port: context.port, addressType };
    if (current < context.addresses.length - 1) {
      context.timer = setTimeout(internalConnectMultipleTimeout, context.timeout, context, self._handle);
    }
  }
  function internalConnectMultipleTimeout(context, handle) {
    const self = context.socket;
    const attempt = self[kConnectAttempt];
    self.emit('connectionAttemptTimeout', attempt.address, attempt.port, attempt.addressType);
    const ex = new Error(`connect ETIMEDOUT ${attempt.address}:${attempt.port}`);
    Object.assign(ex, { errno: -110, code: 'ETIMEDOUT', syscall: 'connect', address: attempt.address, port: attempt.port });
    context.errors.push(ex);
    if (self._handle === handle) {
      host.netClose(handle.id);
      handles.delete(handle.id);
      self._handle = null;
    }
    if (self.connecting) internalConnectMultiple(context);
  }
  // A connect attempt's failure ('failed'): with more addresses to try, the
  // next (Node's afterConnectMultiple); otherwise the socket's error.
  function connectFailed(self, err) {
    const attempt = self[kConnectAttempt];
    self[kConnectAttempt] = null;
    if (attempt) {
      clearTimeout(attempt.context.timer);
      attempt.context.errors.push(err);
      self.emit('connectionAttemptFailed', attempt.address, attempt.port, attempt.addressType, err);
      if (self.connecting) internalConnectMultiple(attempt.context);
      return;
    }
    if (self[kConnectTarget]) {
      const { address, port, addressType } = self[kConnectTarget];
      self[kConnectTarget] = null;
      self.emit('connectionAttemptFailed', address, port, addressType, err);
    }
    self.destroy(err);
  }
  function connectAddressNT(self, address, port, localAddress, localPort, addressType) {
    if (self.connecting) self._connectTo(address, port, localAddress, localPort, addressType);
  }
  function connectErrorNT(self, err) {
    self.destroy(err);
  }
  function socketToDnsFamily(family) {
    return family === 'IPv4' ? 4 : family === 'IPv6' ? 6 : family;
  }
  const invalidIpAddress = (ip) => nodeError(TypeError, 'ERR_INVALID_IP_ADDRESS', `Invalid IP address: ${ip}`);
  function invalidAddressFamily(addressType, host, port) {
    const e = nodeError(RangeError, 'ERR_INVALID_ADDRESS_FAMILY', `Invalid address family: ${addressType} ${host}:${port}`);
    e.host = host;
    e.port = port;
    return e;
  }
  // Node's NodeAggregateError (lib/internal/errors.js): the errors, with
  // the first one's code.
  function nodeAggregateError(errors) {
    const e = new AggregateError(errors);
    e.code = errors[0]?.code;
    return e;
  }
  function validateBoolean(value, name) {
    if (typeof value !== 'boolean') throw invalidArgType(name, 'boolean', value);
  }
  // net.getDefaultAutoSelectFamily and the attempt timeout (Node 24: true
  // and 250 ms).
  let autoSelectFamilyDefault = true;
  let autoSelectFamilyAttemptTimeoutDefault = 250;
  // (With localAddress or localPort, the handle is bound to them first:
  // Node's internalConnect, which emits 'connectionAttempt' first.)
  Socket.prototype._connectTo = function (address, port, localAddress, localPort, addressType) {
    this.emit('connectionAttempt', address, port, addressType);
    try {
      this._handle = { id: host.netConnect(address, port, localAddress || undefined, localPort || undefined) };
      handles.set(this._handle.id, this);
      this[kConnectTarget] = { address, port, addressType };
    } catch (err) {
      process.nextTick(() => this.destroy(err));
    }
  };
  // https://nodejs.org/api/net.html#socketresetanddestroy: Node's
  // resetAndDestroy and _reset; the handle is closed with a RST (_destroy).
  Socket.prototype.resetAndDestroy = function () {
    if (this._handle || this.connecting) {
      if (this.connecting) this.once('connect', () => this._reset());
      else this._reset();
    } else {
      this.destroy(closedError());
    }
    return this;
  };
  Socket.prototype._reset = function () {
    this.resetAndClosing = true;
    return this.destroy();
  };
  // Node's bufferSize: what is still waiting to be written.
  Object.defineProperty(Socket.prototype, 'bufferSize', {
    get() { return this._handle || this.connecting ? this.writableLength : undefined; },
    configurable: true,
  });
  // Node's setNoDelay (enable defaults to true): TCP_NODELAY now if the
  // socket has its handle, else once it connects.
  Socket.prototype.setNoDelay = function (enable) {
    const on = typeof enable === 'undefined' ? true : !!enable;
    this._noDelay = on;
    if (this._handle && !this.connecting) host.netNoDelay(this._handle.id, on);
    return this;
  };
  Socket.prototype.setKeepAlive = function () { return this; };
  // setTimeout(ms[, cb]): 'timeout' after ms without activity, on an unref'd
  // timer restarted by every read and write; 0 turns it off.
  // Node's getTimerDuration (lib/internal/timers.js): a non-negative finite
  // number, past TIMEOUT_MAX truncated to it with a TimeoutOverflowWarning
  // (a timer itself would take 1 instead). (validateNumber's checks in
  // line: an HTTP request sets a socket's timeout three times.)
  const TIMEOUT_MAX = 2 ** 31 - 1;
  function getTimerDuration(msecs, name) {
    if (typeof msecs !== 'number') throw invalidArgType(name, 'number', msecs);
    if (!(msecs >= 0 && msecs < Infinity)) throw internals.outOfRange(name, 'a non-negative finite number', msecs);
    if (msecs > TIMEOUT_MAX) {
      process.emitWarning(`${msecs} does not fit into a 32-bit signed integer.\nTimer duration was truncated to ${TIMEOUT_MAX}.`, 'TimeoutOverflowWarning');
      return TIMEOUT_MAX;
    }
    return msecs;
  }
  internals.getTimerDuration = getTimerDuration;
  // Node's setStreamTimeout (lib/internal/stream_base_commons.js).
  Socket.prototype.setTimeout = function (msecs, callback) {
    if (this.destroyed) return this;
    this.timeout = msecs;
    msecs = getTimerDuration(msecs, 'msecs');
    const timeout = this[kTimeout];
    if (timeout) {
      clearTimeout(timeout);
      this[kTimeout] = null;
    }
    if (msecs === 0) {
      if (typeof callback !== 'undefined') {
        internals.validateFunction(callback, 'callback');
        this.removeListener('timeout', callback);
      }
    } else {
      this[kTimeout] = setTimeout(() => this._onTimeout(), msecs);
      this[kTimeout].unref();
      if (typeof callback !== 'undefined') {
        internals.validateFunction(callback, 'callback');
        this.once('timeout', callback);
      }
    }
    return this;
  };
  Socket.prototype._onTimeout = function () {
    this.emit('timeout');
  };
  // The socket's timeout, and its parents', start again. (A socket's reads
  // and writes take these steps in line when its _unrefTimer is this one.)
  function unrefTimer() {
    for (let s = this; s != null; s = s._parent) if (s[kTimeout]) s[kTimeout].refresh();
  }
  Socket.prototype._unrefTimer = unrefTimer;
  // Node: before the socket has a handle, ref/unref wait for 'connect'.
  // (jsloop's handle is { id }; a handle a program put in `_handle` is
  // called as Node calls its handle, when it has the method.)
  Socket.prototype.ref = function () {
    if (!this._handle) this.once('connect', this.ref);
    else if (typeof this._handle.id === 'number') host.netRef(this._handle.id, true);
    else if (typeof this._handle.ref === 'function') this._handle.ref();
    return this;
  };
  Socket.prototype.unref = function () {
    if (!this._handle) this.once('connect', this.unref);
    else if (typeof this._handle.id === 'number') host.netRef(this._handle.id, false);
    else if (typeof this._handle.unref === 'function') this._handle.unref();
    return this;
  };
  Socket.prototype.address = function () {
    return typeof this.localAddress === 'undefined' ? {} : { address: this.localAddress, family: this.localFamily, port: this.localPort };
  };
  // Whether the handle stopped reading (readStop; tryReadStart reads again),
  // under a symbol (Node's sockets have no such property): false unless the
  // socket says otherwise, read from the prototype (a read of a key no
  // object has walks every prototype up to Object's, and _read of each
  // read's maybeReadMore tick reads it).
  Object.defineProperty(Socket.prototype, kReadStopped, { value: false, writable: true, configurable: true });
  // The host reads whenever data comes; _read only waits for the connection.
  const socketRead = Socket.prototype._read = function (n) {
    if (this.connecting || !this._handle) this.once('connect', () => this._read(n));
    else if (this[kReadStopped]) {
      // Read again after readStop (the readable buffer was full, or a child
      // had the descriptor as its stdin): Node's tryReadStart.
      this[kReadStopped] = false;
      host.netReadStart(this._handle.id);
    }
  };
  Socket.prototype.end = function (data, encoding, callback) {
    Duplex.prototype.end.call(this, data, encoding, callback);
    return this;
  };
  // The write side's shutdown, once every write is out (after 'connect').
  Socket.prototype._final = function (cb) {
    if (this.connecting) return this.once('connect', () => this._final(cb));
    if (!this._handle) return cb();
    this[kPendingFinal] = cb;
    this._hostEnd();
  };
  // The host calls a socket's writes and end go through (a TLSSocket's go
  // through its TLS session: node/tls.js).
  // (host.netWrite says minus the bytes written when the kernel took them
  // all at once; a _hostWrite says 0 then.)
  function hostWrite(bytes) {
    const request = host.netWrite(this._handle.id, bytes, true);
    return request < 0 ? 0 : request;
  }
  Socket.prototype._hostWrite = hostWrite;
  Socket.prototype._hostEnd = function () { host.netEnd(this._handle.id); };
  function writeGeneric(writev, data, encoding, cb) {
    if (this.connecting) {
      this._pendingData = data;
      this._pendingEncoding = encoding;
      function onClose() {
        cb(nodeError(Error, 'ERR_SOCKET_CLOSED_BEFORE_CONNECTION', 'Socket closed before the connection was established'));
      }
      this.once('connect', function connect() {
        this.off('close', onClose);
        this._writeGeneric(writev, data, encoding, cb);
      });
      this.once('close', onClose);
      return;
    }
    this._pendingData = null;
    this._pendingEncoding = '';
    if (!this._handle) {
      cb(closedError());
      return;
    }
    this._unrefTimer();
    // Written at once (request 0): the callback runs now, as in Node when
    // libuv's write was not asynchronous; else when the host reports it.
    const request = writeData(this, writev, data, encoding, this._hostWrite === hostWrite);
    if (request === 0) cb();
    else this._writes.set(request, cb);
  }
  Socket.prototype._writeGeneric = writeGeneric;
  // A chunk (or, writev, a corked batch) to the host: the write request,
  // or 0 when the kernel took every byte at once. _bytesDispatched counts
  // the bytes. ownHostWrite: the socket's _hostWrite is hostWrite (its
  // steps are then taken here, without the call).
  function writeData(socket, writev, data, encoding, ownHostWrite) {
    // A string to a plain socket (a corked batch of strings in one encoding
    // joined, as writevBytes joins them): the host encodes it as it writes
    // it (Node's StreamBase::WriteString), and says how many bytes that was
    // when the kernel took them at once.
    const isText = typeof data === 'string';
    let text = isText ? data : null;
    if (writev) {
      text = joinedText(data);
      encoding = joinedEncoding;
    }
    if (text !== null && ownHostWrite) {
      // (UTF-8 as it is: the host writes a lone surrogate as U+FFFD, as
      // text.toWellFormed() makes it.)
      let latin1 = false;
      if (encoding !== 'utf8' && encoding !== 'utf-8') {
        if ((encoding === 'latin1' || encoding === 'binary' || encoding === 'ascii') && text.isWellFormed()) latin1 = true;
        else text = null;
      }
      if (text !== null) {
        const result = host.netWriteString(socket._handle.id, text, latin1);
        if (result <= 0) {
          socket._bytesDispatched -= result;
          return 0;
        }
        socket._bytesDispatched += Buffer.byteLength(text, encoding);
        return result;
      }
    }
    let bytes;
    if (writev) {
      bytes = writevBytes(data);
    } else {
      bytes = isText ? Buffer.from(data, encoding) : data;
    }
    if (ownHostWrite) return writeBytes(socket, bytes);
    socket._bytesDispatched += bytes.length;
    return socket._hostWrite(bytes);
  }
  // hostWrite's steps for a socket whose _hostWrite is its own: the bytes to
  // the host, counted in _bytesDispatched; the request, or 0 when the
  // kernel took them at once (then the host says minus how many that was).
  function writeBytes(socket, bytes) {
    const request = host.netWrite(socket._handle.id, bytes, true);
    if (request <= 0) {
      socket._bytesDispatched -= request;
      return 0;
    }
    socket._bytesDispatched += bytes.length;
    return request;
  }
  // The bytes of a corked batch of writes: strings all in one encoding
  // (an HTTP head and its body, say) are joined and encoded once; else
  // each chunk is made bytes and the bytes are joined. Empty chunks add
  // nothing either way.
  // A corked batch's strings joined, when every chunk is a string and all
  // are in one encoding (null otherwise); that encoding in joinedEncoding.
  let joinedEncoding = null;
  function joinedText(data) {
    let text = '';
    let encoding = null;
    for (let i = 0; i < data.length; i++) {
      const { chunk } = data[i];
      if (typeof chunk !== 'string') return null;
      if (chunk.length === 0) continue;
      if (encoding === null) encoding = data[i].encoding;
      else if (data[i].encoding !== encoding) return null;
      text += chunk;
    }
    joinedEncoding = encoding ?? 'utf8';
    return text;
  }
  function writevBytes(data) {
    let text = '';
    let encoding = null;
    for (let i = 0; i < data.length; i++) {
      const { chunk } = data[i];
      if (typeof chunk !== 'string') { encoding = null; text = null; break; }
      if (chunk.length === 0) continue;
      if (encoding === null) encoding = data[i].encoding;
      else if (data[i].encoding !== encoding) { text = null; break; }
      text += chunk;
    }
    if (text !== null) return Buffer.from(text, encoding ?? 'utf8');
    const list = [];
    for (let i = 0; i < data.length; i++) {
      const { chunk, encoding: enc } = data[i];
      if (chunk.length !== 0) list.push(typeof chunk === 'string' ? Buffer.from(chunk, enc) : chunk);
    }
    return list.length === 1 ? list[0] : Buffer.concat(list);
  }
  Socket.prototype._writev = function (chunks, cb) { this._writeGeneric(true, chunks, '', cb); };
  function socketWrite(data, encoding, cb) { this._writeGeneric(false, data, encoding, cb); }
  Socket.prototype._write = socketWrite;
  // After the other side ended (without allowHalfOpen), a write is EPIPE.
  function writeAfterFIN(chunk, encoding, cb) {
    if (!this.writableEnded) return Duplex.prototype.write.call(this, chunk, encoding, cb);
    if (typeof encoding === 'function') cb = encoding;
    const er = new Error('This socket has been ended by the other party');
    er.code = 'EPIPE';
    if (typeof cb === 'function') process.nextTick(cb, er);
    this.destroy(er);
    return false;
  }
  function onReadableStreamEnd() {
    if (!this.allowHalfOpen) this.write = writeAfterFIN;
  }
  Socket.prototype.destroySoon = function () {
    if (this.writable) this.end();
    if (this.writableFinished) this.destroy();
    else this.once('finish', this.destroy);
  };
  Socket.prototype._destroy = function (exception, cb) {
    this.connecting = false;
    for (let s = this; s != null; s = s._parent) if (s[kTimeout]) clearTimeout(s[kTimeout]);
    if (this._handle) {
      const isException = !!exception;
      const id = this._handle.id;
      if (this.resetAndClosing) {
        this.resetAndClosing = false;
        host.netReset(id);
      } else host.netClose(id);
      handles.delete(id);
      // The handle's close callback runs in the close phase.
      host.closeHandle(() => this.emit('close', isException));
      this._handle = null;
      cb(exception);
    } else {
      cb(exception);
      process.nextTick(() => this.emit('close', false));
    }
    if (this._server) this._server._connectionClosed();
  };
  // Bytes read, as a new Buffer over them that no one else has (the host
  // makes it and calls _data with it and its length, without an event
  // object).
  const socketOnData = Socket.prototype._onData = function (chunk, length) {
    this.bytesRead += length;
    if (this._unrefTimer === unrefTimer) {
      for (let s = this; s != null; s = s._parent) if (s[kTimeout]) s[kTimeout].refresh();
    } else this._unrefTimer();
    // lib/internal/stream_base_commons.js onStreamRead: when push()
    // says the readable buffer is full (a paused socket, or one not
    // read fast enough), the handle stops reading (uv_read_stop), so
    // the kernel's buffers fill and the peer's writes wait; _read
    // starts it again (tryReadStart) when the stream wants more.
    // (push is Readable's own unless something replaced it: then the same
    // steps in one call, node/stream.js readablePushBuffer.)
    const more = this.push === readablePush ? readablePushBuffer(this, chunk, length) : this.push(chunk);
    if (!more && this._handle && !this[kReadStopped] && !this.destroyed) {
      this[kReadStopped] = true;
      host.netReadStop(this._handle.id);
    }
  };
  Socket.prototype._event = function (e) {
    switch (e.type) {
      case 'connected':
        // Node's afterConnect (after afterConnectMultiple's clearTimeout).
        if (this[kConnectAttempt]) {
          clearTimeout(this[kConnectAttempt].context.timer);
          this[kConnectAttempt] = null;
        }
        this[kConnectTarget] = null;
        this.connecting = false;
        if (this._noDelay) host.netNoDelay(this._handle.id, true);
        setAddresses(this, e);
        this._unrefTimer();
        this.emit('connect');
        this.emit('ready');
        // A socket paused before it connected does not start reading
        // (afterConnect reads only when it is not paused), unless a read
        // was asked for while it connected (_read's deferred tryReadStart,
        // which has just run): its handle is not reading, so it does not
        // keep the loop alive (libuv counts a stream as active while it
        // reads) until resume() reads.
        if (!this.isPaused()) this.read(0);
        else if (this._handle && !this[kReadStopped] && !this._readableState.reading) {
          this[kReadStopped] = true;
          host.netReadStop(this._handle.id);
        }
        break;
      case 'failed':
        connectFailed(this, e.error);
        break;
      case 'data':
        this._onData(new FastBuffer(e.data.buffer, e.data.byteOffset, e.data.byteLength), e.data.byteLength);
        break;
      case 'end':
        // End of the peer's data: 'end' follows once what came is read
        // (then, without allowHalfOpen, our end()). As libuv stops reading
        // at EOF, the handle no longer keeps the loop alive by itself
        // (writes still in flight do).
        if (this._handle) host.netRef(this._handle.id, false);
        this.push(null);
        this.read(0);
        break;
      case 'written': {
        const cb = this._writes.get(e.request);
        this._writes.delete(e.request);
        this._unrefTimer();
        if (cb) cb();
        break;
      }
      case 'shutdown': {
        const cb = this[kPendingFinal];
        this[kPendingFinal] = null;
        if (cb) cb();
        break;
      }
    }
  };
  function setAddresses(socket, e) {
    socket.remoteAddress = e.remoteAddress;
    socket.remotePort = e.remotePort;
    socket.remoteFamily = e.remoteFamily;
    socket.localAddress = e.localAddress;
    socket.localPort = e.localPort;
    socket.localFamily = e.localFamily;
  }
  function normalizeConnectArgs(args) {
    let options, cb;
    // (An options object is used as it is, as Node's normalizeArgs does:
    // what it inherits is read, but a copy would make what it inherits
    // from Object.prototype its own, and http.Agent's options have none.)
    if (args[0] !== null && typeof args[0] === 'object') { options = args[0]; cb = args[1]; }
    else if (isPipeName(args[0])) { options = { path: args[0] }; cb = args[1]; }
    else {
      options = { port: args[0] };
      if (typeof args[1] === 'string') { options.host = args[1]; cb = args[2]; } else cb = args[1];
    }
    return [options, cb];
  }
  // Node's isPipeName: a string that is not a number.
  const toNumber = (x) => ((x = Number(x)) >= 0 ? x : false);
  const isPipeName = (s) => typeof s === 'string' && toNumber(s) === false;

  // https://nodejs.org/api/net.html#class-netserver
  class ServerClass extends EventEmitter {
    constructor(options, connectionListener) {
      super();
      initServer(this, options, connectionListener);
    }
    get listening() { return !!this._id; }
    // Node's TCP handle while listening (null before and after): its
    // socket's descriptor, `fd` (-1 for a pipe server here).
    get _handle() { return this._id ? { fd: this._fd ?? -1 } : null; }
    // Node's Server.prototype.listen (lib/net.js): the arguments
    // normalized, then a port (with an optional host) to bind.
    listen(...args) {
      const [options, cb] = normalizeListenArgs(args);
      if (this._id) throw nodeError(Error, 'ERR_SERVER_ALREADY_LISTEN', 'Listen method has been called more than once without closing.');
      if (cb !== null) this.once('listening', cb);
      if (typeof options.signal !== 'undefined') {
        // Node's validateAbortSignal.
        if (options.signal === null || typeof options.signal !== 'object' || !('aborted' in options.signal)) throw invalidArgType('options.signal', 'AbortSignal', options.signal);
      }
      // listen(), listen(cb), listen(null[, cb]) or { port: undefined | null }: any free port.
      if (args.length === 0 || typeof args[0] === 'function' || (typeof options.port === 'undefined' && 'port' in options) || options.port === null) {
        options.port = 0;
      }
      if (typeof options.port === 'number' || typeof options.port === 'string') {
        const port = validatePort(options.port, 'options.port');
        // Node's listen: with a host, lookupAndListen (lib/net.js) binds
        // once dns.lookup answers (a nextTick for an address, the thread
        // pool for a name); without one, at once (listenInCluster).
        if (options.host) this._lookupAndListen(port, options.host);
        else this._listenOn(undefined, port);
        if (options.signal) {
          if (options.signal.aborted) process.nextTick(() => this.close());
          else options.signal.addEventListener('abort', () => this.close(), { once: true });
        }
        return this;
      }
      if (options.path && isPipeName(options.path)) {
        try {
          this._id = host.netListenPath(options.path);
          this._address = options.path;
          this._pipeName = options.path;
          handles.set(this._id, this);
          if (this._unref) host.netRef(this._id, false);
          process.nextTick(() => { if (this._id) this.emit('listening'); });
        } catch (err) {
          process.nextTick(() => this.emit('error', err));
        }
        return this;
      }
      if (!('port' in options || 'path' in options)) throw internals.invalidArgValue('options', options, 'must have the property "port" or "path"');
      throw internals.invalidArgValue('options', options);
    }
    // Node's lookupAndListen (lib/net.js): dns.lookup(host, { all: true }),
    // then the first address that is not IPv6 link-local; nothing if the
    // server was closed meanwhile (`_listeningId`).
    _lookupAndListen(port, address) {
      const listeningId = this._listeningId;
      internals.require('dns').lookup(address, { all: true }, (err, addresses) => {
        if (listeningId !== this._listeningId) return;
        if (err) {
          this.emit('error', err);
          return;
        }
        const linkLocal = (a) => a.family === 6 && /^fe[89ab]/i.test(a.address);
        const valid = addresses.find((a) => !linkLocal(a)) || addresses[0];
        this._listenOn(valid ? valid.address : undefined, port);
      });
    }
    _listenOn(address, port) {
      try {
        let bound;
        if (typeof address === 'undefined') {
          try { bound = host.netListen('::', port); } catch (_) { bound = host.netListen('0.0.0.0', port); }
        } else bound = host.netListen(address, port);
        this._id = bound.id;
        this._fd = bound.fd;
        this._address = { address: bound.address, family: bound.family, port: bound.port };
        this._connectionKey = `${bound.family === 'IPv6' ? 6 : 4}:${bound.address}:${port}`;
        handles.set(this._id, this);
        if (this._unref) host.netRef(this._id, false);
        // Node's emitListeningNT: not when closed in the meantime.
        process.nextTick(() => { if (this._id) this.emit('listening'); });
      } catch (err) {
        process.nextTick(() => this.emit('error', err));
      }
    }
    [Symbol.asyncDispose]() {
      if (!this._id) return Promise.resolve();
      return new Promise((resolve, reject) => this.close((err) => (err ? reject(err) : resolve())));
    }
    // Node's address(): the bound address while listening, a pipe
    // server's path (also once closed), else null.
    address() { return this._id ? this._address : (this._pipeName ?? null); }
    // Node's Server[captureRejectionSymbol] (lib/net.js): a rejected
    // 'connection' listener destroys that socket with the error; any other
    // event's is the server's 'error'.
    [EventEmitter.captureRejectionSymbol](err, event, sock) {
      if (event === 'connection') sock.destroy(err);
      else this.emit('error', err);
    }
    // Node keeps the choice (`_unref`) for a server not yet listening and
    // applies it when its handle is made.
    ref() { this._unref = false; if (this._id) host.netRef(this._id, true); return this; }
    unref() { this._unref = true; if (this._id) host.netRef(this._id, false); return this; }
    getConnections(cb) { process.nextTick(() => cb(null, this._connections)); return this; }
    close(cb) {
      // A listen waiting for its lookup does not bind (Node's close).
      this._listeningId = (this._listeningId || 0) + 1;
      if (!this._id) {
        const err = nodeError(Error, 'ERR_SERVER_NOT_RUNNING', 'Server is not running.');
        if (typeof cb === 'function') process.nextTick(() => cb(err));
        return this;
      }
      if (typeof cb === 'function') this.once('close', cb);
      host.netClose(this._id);
      // The handle is closed with uv_close: a closing handle until the
      // close phase (so the loop runs once more, and 'beforeExit' comes again).
      host.closeHandle(() => {});
      handles.delete(this._id);
      this._id = 0;
      this._closing = true;
      this._emitCloseIfDrained();
      return this;
    }
    _connectionClosed() {
      this._connections -= 1;
      this._emitCloseIfDrained();
    }
    // Node's emitCloseIfDrained: 'close' in a nextTick once no connection is left.
    _emitCloseIfDrained() {
      if (this._closing && this._connections === 0) {
        this._closing = false;
        process.nextTick(() => this.emit('close'));
      }
    }
    _event(e) {
      if (e.type !== 'accepted') return;
      // Node's onconnection: past maxConnections the connection is closed
      // at once and 'drop' says who it was.
      if (this.maxConnections != null && this._connections >= this.maxConnections) {
        const data = Object.create(null);
        data.localAddress = e.localAddress; data.localPort = e.localPort; data.localFamily = e.localFamily;
        data.remoteAddress = e.remoteAddress; data.remotePort = e.remotePort; data.remoteFamily = e.remoteFamily;
        host.netClose(e.socket);
        this.emit('drop', data);
        return;
      }
      const socket = new Socket({
        handle: { id: e.socket },
        allowHalfOpen: this._options.allowHalfOpen,
        pauseOnCreate: this._options.pauseOnConnect,
        readable: true,
        writable: true,
      });
      setAddresses(socket, e);
      handles.set(e.socket, socket);
      this._connections += 1;
      socket.server = this;
      socket._server = this;
      this.emit('connection', socket);
    }
  }
  // Node's Server is a function: net.Server() without `new` makes one too
  // (and `class X extends net.Server` still works).
  function initServer(server, options, connectionListener) {
    if (typeof options === 'function') { connectionListener = options; options = {}; }
    else if (options !== null && typeof options !== 'undefined' && typeof options !== 'object') throw invalidArgType('options', 'Object', options);
    server._options = options || {};
    server._id = 0;
    server._address = null;
    server._connections = 0;
    server._closing = false;
    if (connectionListener) server.on('connection', connectionListener);
  }
  // (`net.Server.call(this, ...)` from an old-style subclass sets up `this`.)
  function Server(options, connectionListener) {
    if (!new.target && this instanceof ServerClass && !Object.prototype.hasOwnProperty.call(this, '_options')) {
      EventEmitter.call(this);
      initServer(this, options, connectionListener);
      return this;
    }
    return new.target ? Reflect.construct(ServerClass, [options, connectionListener], new.target) : new ServerClass(options, connectionListener);
  }
  Server._init = initServer;
  Object.defineProperty(Server, 'prototype', { value: ServerClass.prototype, writable: false });
  Object.defineProperty(ServerClass.prototype, 'constructor', { value: Server, writable: true, configurable: true, enumerable: false });
  Object.setPrototypeOf(Server, EventEmitter);

  function _dispatch(e) {
    const target = handles.get(typeof e.server !== 'undefined' ? e.server : e.socket);
    if (target) target._event(e);
  }
  // A handle's bytes (a Buffer of `length` bytes): a Socket's _onData, or
  // the 'data' event of any other handle's target.
  function _data(id, chunk, length) {
    const target = handles.get(id);
    if (typeof target === 'undefined') return;
    if (typeof target._onData !== 'undefined') target._onData(chunk, length);
    else target._event({ type: 'data', socket: id, data: new Uint8Array(chunk.buffer) });
  }

  // What the host's write of a chunk at once (a socket's
  // _writableState.writeNow, node/net_write.rs) compares with and calls:
  // _write's, _writeGeneric's, _unrefTimer's and hostWrite's steps are
  // taken for a socket whose functions these are.
  host.netWriteSteps([socketWrite, writeGeneric, unrefTimer, hostWrite, Buffer, nop, Map.prototype.set, kTimeout]);

  // What the host's read of a socket takes _data's steps with when the
  // socket's stream is in the common case (node/net_read.rs: the values it
  // compares with and calls, in its order).
  internals.netReadSteps = () => {
    internals.require('string_decoder');
    return [handles, mapGet, socketOnData, unrefTimer, readablePush, internals.emitOneOwn, internals.stringDecoderWrite,
      maybeReadMore_, internals.fastNextTick, internals.process, internals.emitOneWatch, kTimeout, kReadStopped,
      internals.stringDecoderState, internals.emitCapture, socketRead, readableRead, internals.timeoutRefresh];
  };

  // Node's normalizeArgs (lib/net.js) for listen: [options, cb].
  function normalizeListenArgs(args) {
    if (args.length === 0) return [{}, null];
    let options = {};
    const arg0 = args[0];
    if (typeof arg0 === 'object' && arg0 !== null) options = { ...arg0 };
    else if (isPipeName(arg0)) options.path = arg0;
    else {
      options.port = arg0;
      if (args.length > 1 && typeof args[1] === 'string') options.host = args[1];
    }
    const cb = args[args.length - 1];
    return [options, typeof cb === 'function' ? cb : null];
  }
  // Node's isIPv4 / isIPv6 / isIP (lib/internal/net.js).
  const { isIPv4, isIPv6, isIP } = internals.addressGrammar();

  const net = {
    Socket,
    Server,
    Stream: Socket,
    createServer: (options, listener) => new Server(options, listener),
    connect: (...args) => {
      const normalized = normalizeConnectArgs(args);
      normalized[kNormalized] = true;
      const [options] = normalized;
      const socket = new Socket(options);
      // Node's net.connect: options.timeout is the socket's idle timeout.
      if (options.timeout) socket.setTimeout(options.timeout);
      return socket.connect(normalized);
    },
    createConnection: (...args) => net.connect(...args),
    isIP,
    isIPv4,
    isIPv6,
    getDefaultAutoSelectFamily: () => autoSelectFamilyDefault,
    setDefaultAutoSelectFamily(value) {
      validateBoolean(value, 'value');
      autoSelectFamilyDefault = value;
    },
    getDefaultAutoSelectFamilyAttemptTimeout: () => autoSelectFamilyAttemptTimeoutDefault,
    setDefaultAutoSelectFamilyAttemptTimeout(value) {
      internals.validateInt32(value, 'value', 1);
      autoSelectFamilyAttemptTimeoutDefault = value < 10 ? 10 : value;
    },
    _dispatch,
    _data,
    // Another stream handle's events (a child's stdio or IPC channel, the
    // SIGCHLD watcher: node/child_process.js) go to `target._event`.
    _register: (id, target) => handles.set(id, target),
    _unregister: (id) => handles.delete(id),
  };
  return net;
})

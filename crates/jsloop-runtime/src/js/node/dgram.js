// jsloop node glue: the `dgram` module (https://nodejs.org/api/dgram.html),
// after Node's lib/dgram.js and lib/internal/dgram.js. The socket is a
// libuv uv_udp_t in the host's I/O driver (crates/jsloop-runtime/src/node/
// io/udp.rs, node/dgram.rs): bound with its first bind (explicit, or
// implicit on send or connect), its datagrams ('message') and its queued
// sends' completions are events of the poll phase (netDispatch). What Node
// defers, this defers the same way: the address lookup (dns.lookup: a
// nextTick for an IP address), 'listening' from the lookup's callback, a
// send's callback on the next tick when uv_udp_try_send sent it at once,
// 'connect' and 'close' on the next tick.
(function (internals) {
  'use strict';
  const host = internals.host;
  const EventEmitter = internals.require('events');
  const { Buffer } = internals.require('buffer');
  const { nodeError, invalidArgType, validateFunction } = internals;
  const nextTick = internals.nextTick;

  const BIND_STATE_UNBOUND = 0;
  const BIND_STATE_BINDING = 1;
  const BIND_STATE_BOUND = 2;
  const CONNECT_STATE_DISCONNECTED = 0;
  const CONNECT_STATE_CONNECTING = 1;
  const CONNECT_STATE_CONNECTED = 2;
  const kState = Symbol('state');

  // Bound sockets' event handlers by their handle's id (the host's events
  // name the id; 40_node.js's netDispatch reads this map).
  const sockets = internals.udpHandlers;
  // Queued sends' callbacks by request id.
  const sendCallbacks = new Map();

  // Node's errors (lib/internal/errors.js).
  const errBadType = () => nodeError(TypeError, 'ERR_SOCKET_BAD_TYPE', 'Bad socket type specified. Valid types are: udp4, udp6');
  const errAlreadyBound = () => nodeError(Error, 'ERR_SOCKET_ALREADY_BOUND', 'Socket is already bound');
  const errNotRunning = () => nodeError(Error, 'ERR_SOCKET_DGRAM_NOT_RUNNING', 'Not running');
  const errIsConnected = () => nodeError(Error, 'ERR_SOCKET_DGRAM_IS_CONNECTED', 'Already connected');
  const errNotConnected = () => nodeError(Error, 'ERR_SOCKET_DGRAM_NOT_CONNECTED', 'Not connected');
  const errBadBufferSize = () => nodeError(TypeError, 'ERR_SOCKET_BAD_BUFFER_SIZE', 'Buffer size must be a positive integer');
  const errOutOfBounds = (name) => nodeError(RangeError, 'ERR_BUFFER_OUT_OF_BOUNDS', `"${name}" is outside of buffer bounds`);
  const errMissingArgs = (name) => nodeError(TypeError, 'ERR_MISSING_ARGS', `The "${name}" argument must be specified`);
  // ERR_SOCKET_BUFFER_SIZE is a SystemError: the uv call's error as `info`.
  function errBufferSize(cause) {
    const util = internals.require('util');
    const info = { errno: cause.errno, code: cause.code, message: util.getSystemErrorMessage(cause.errno), syscall: cause.syscall };
    const e = nodeError(Error, 'ERR_SOCKET_BUFFER_SIZE', `Could not get or set buffer size: ${info.syscall} returned ${info.code} (${info.message})`);
    Object.defineProperty(e, 'name', { value: 'SystemError', enumerable: false, writable: true, configurable: true });
    e.stack = `SystemError [ERR_SOCKET_BUFFER_SIZE]: ${e.message}${String(e.stack).slice(String(e.stack).indexOf('\n'))}`;
    Object.defineProperty(e, 'info', { value: info, enumerable: true, configurable: true, writable: false });
    Object.defineProperty(e, 'errno', { get: () => info.errno, enumerable: true, configurable: true });
    Object.defineProperty(e, 'syscall', { get: () => info.syscall, enumerable: true, configurable: true });
    return e;
  }
  // errnoException(err, syscall) for a handle that has no descriptor yet
  // (libuv's calls on fd -1 fail with EBADF).
  function ebadf(syscall) {
    const e = new Error(`${syscall} EBADF`);
    e.errno = -9;
    e.code = 'EBADF';
    e.syscall = syscall;
    return e;
  }
  // Node's validatePort (lib/internal/validators.js), ERR_SOCKET_BAD_PORT.
  function validatePort(port, name = 'Port', allowZero = true) {
    if ((typeof port !== 'number' && typeof port !== 'string') ||
        (typeof port === 'string' && port.trim().length === 0) ||
        +port !== (+port >>> 0) || port > 0xFFFF || (port === 0 && !allowZero)) {
      throw nodeError(RangeError, 'ERR_SOCKET_BAD_PORT', `${name} should be ${allowZero ? '>=' : '>'} 0 and < 65536. Received ${internals.determineSpecificType(port)}.`);
    }
    return port | 0;
  }
  function validateString(value, name) {
    if (typeof value !== 'string') throw invalidArgType(name, 'string', value);
  }
  function validateNumber(value, name) {
    if (typeof value !== 'number') throw invalidArgType(name, 'number', value);
  }
  const isArrayBufferView = (v) => ArrayBuffer.isView(v);
  const bufferTypes = ['Buffer', 'TypedArray', 'DataView', 'string'];

  // lib/internal/dgram.js's newHandle: the family's lookup (dns.lookup, or
  // the caller's), with its default address.
  function lookupFor(type, lookup) {
    if (lookup === undefined) {
      const dns = internals.require('dns');
      lookup = (...args) => dns.lookup(...args);
    } else validateFunction(lookup, 'lookup');
    if (type === 'udp4') return (address, cb) => lookup(address || '127.0.0.1', 4, cb);
    if (type === 'udp6') return (address, cb) => lookup(address || '::1', 6, cb);
    throw errBadType();
  }

  class Socket extends EventEmitter {
    constructor(type, listener) {
      super();
      let options;
      if (type !== null && typeof type === 'object') {
        options = type;
        type = options.type;
      }
      const lookup = lookupFor(type, options?.lookup);
      this.type = type;
      if (typeof listener === 'function') this.on('message', listener);
      this[kState] = {
        // The handle's id once bound (0 before); `open` false once closed.
        id: 0,
        open: true,
        refed: true,
        lookup,
        receiving: false,
        bindState: BIND_STATE_UNBOUND,
        connectState: CONNECT_STATE_DISCONNECTED,
        queue: undefined,
        reuseAddr: options && options.reuseAddr,
        reusePort: options && options.reusePort,
        ipv6Only: options && options.ipv6Only,
        recvBufferSize: options?.recvBufferSize,
        sendBufferSize: options?.sendBufferSize,
      };
      if (options?.signal !== undefined) {
        const { signal } = options;
        if (signal === null || typeof signal !== 'object' || !('aborted' in signal)) throw invalidArgType('options.signal', 'AbortSignal', signal);
        const onAborted = () => { if (this[kState].open) this.close(); };
        if (signal.aborted) onAborted();
        else {
          const disposable = EventEmitter.addAbortListener(signal, onAborted);
          this.once('close', disposable[Symbol.dispose]);
        }
      }
      // diagnostics_channel 'udp.socket' (lib/dgram.js).
      const channel = internals.require('diagnostics_channel').channel('udp.socket');
      if (channel.hasSubscribers) channel.publish({ socket: this });
    }

    // Socket.prototype.bind (lib/dgram.js): the address is looked up, then
    // the handle bound and started ('listening', from the lookup's callback).
    bind(port_, address_ /* , callback */) {
      let port = port_;
      healthCheck(this);
      const state = this[kState];
      if (state.bindState !== BIND_STATE_UNBOUND) throw errAlreadyBound();
      state.bindState = BIND_STATE_BINDING;
      const cb = arguments.length && arguments[arguments.length - 1];
      if (typeof cb === 'function') {
        function removeListeners() {
          this.removeListener('error', removeListeners);
          this.removeListener('listening', onListening);
        }
        function onListening() {
          removeListeners.call(this);
          cb.call(this);
        }
        this.on('error', removeListeners);
        this.on('listening', onListening);
      }
      let address;
      if (port !== null && typeof port === 'object') {
        address = port.address || '';
        port = port.port;
      } else {
        address = typeof address_ === 'function' ? '' : address_;
      }
      if (!address) address = this.type === 'udp4' ? '0.0.0.0' : '::';
      state.lookup(address, (err, ip) => {
        if (err) {
          state.bindState = BIND_STATE_UNBOUND;
          this.emit('error', err);
          return;
        }
        // Closed meanwhile.
        if (!state.open) return;
        let bound;
        try {
          bound = host.udpBind(this.type === 'udp6', String(ip), (Number(port) || 0) & 0xFFFF, { reuseAddr: !!state.reuseAddr, reusePort: !!state.reusePort, ipv6Only: !!state.ipv6Only });
        } catch (ex) {
          state.bindState = BIND_STATE_UNBOUND;
          this.emit('error', ex);
          return;
        }
        state.id = bound.id;
        sockets.set(bound.id, (e) => onEvent(this, e));
        if (!state.refed) host.netRef(bound.id, false);
        startListening(this);
      });
      return this;
    }

    // Socket.prototype.connect: bind first if unbound (the connect waits in
    // the queue for 'listening'), then the lookup, then uv_udp_connect;
    // 'connect' (or the error) on the next tick.
    connect(port, address, callback) {
      port = validatePort(port, 'Port', false);
      if (typeof address === 'function') {
        callback = address;
        address = '';
      } else if (address === undefined) address = '';
      validateString(address, 'address');
      const state = this[kState];
      if (state.connectState !== CONNECT_STATE_DISCONNECTED) throw errIsConnected();
      state.connectState = CONNECT_STATE_CONNECTING;
      if (state.bindState === BIND_STATE_UNBOUND) this.bind({ port: 0, exclusive: true }, null);
      if (state.bindState !== BIND_STATE_BOUND) {
        enqueue(this, () => connectNow(this, port, address, callback));
        return;
      }
      connectNow(this, port, address, callback);
    }

    disconnect() {
      const state = this[kState];
      if (state.connectState !== CONNECT_STATE_CONNECTED) throw errNotConnected();
      host.udpConnect(state.id, null);
      state.connectState = CONNECT_STATE_DISCONNECTED;
    }

    sendto(buffer, offset, length, port, address, callback) {
      validateNumber(offset, 'offset');
      validateNumber(length, 'length');
      validateNumber(port, 'port');
      validateString(address, 'address');
      this.send(buffer, offset, length, port, address, callback);
    }

    // Socket.prototype.send: the argument forms Node accepts, an implicit
    // bind (the datagram waits in the queue for 'listening'), the lookup,
    // then doSend.
    send(buffer, offset, length, port, address, callback) {
      let list;
      const state = this[kState];
      const connected = state.connectState === CONNECT_STATE_CONNECTED;
      if (!connected) {
        if (address || (port && typeof port !== 'function')) {
          buffer = sliceBuffer(buffer, offset, length);
        } else {
          callback = port;
          port = offset;
          address = length;
        }
      } else {
        if (typeof length === 'number') {
          buffer = sliceBuffer(buffer, offset, length);
          if (typeof port === 'function') {
            callback = port;
            port = null;
          }
        } else callback = offset;
        if (port || address) throw errIsConnected();
      }
      if (!Array.isArray(buffer)) {
        if (typeof buffer === 'string') list = [Buffer.from(buffer)];
        else if (!isArrayBufferView(buffer)) throw invalidArgType('buffer', bufferTypes, buffer);
        else list = [buffer];
      } else if (!(list = fixBufferList(buffer))) {
        throw invalidArgType('buffer list arguments', bufferTypes, buffer);
      }
      if (!connected) port = validatePort(port, 'Port', false);
      if (typeof callback !== 'function') callback = undefined;
      if (typeof address === 'function') {
        callback = address;
        address = undefined;
      } else if (address != null) validateString(address, 'address');
      healthCheck(this);
      if (state.bindState === BIND_STATE_UNBOUND) this.bind({ port: 0, exclusive: true }, null);
      if (list.length === 0) list.push(Buffer.alloc(0));
      if (state.bindState !== BIND_STATE_BOUND) {
        enqueue(this, () => this.send(list, port, address, callback));
        return;
      }
      const afterDns = (ex, ip) => doSend(ex, this, ip, list, address, port, callback);
      if (!connected) state.lookup(address, afterDns);
      else afterDns(null, null);
    }

    close(callback) {
      const state = this[kState];
      const queue = state.queue;
      if (typeof callback === 'function') this.on('close', callback);
      if (queue !== undefined) {
        queue.push(() => this.close());
        return this;
      }
      healthCheck(this);
      stopReceiving(this);
      state.open = false;
      if (state.id) {
        sockets.delete(state.id);
        host.netClose(state.id);
      }
      // HandleWrap::Close: uv_close, done in the close phase.
      host.closeHandle(() => {});
      nextTick(() => this.emit('close'));
      return this;
    }

    async [Symbol.asyncDispose]() {
      if (!this[kState].open) return;
      return new Promise((resolve, reject) => {
        this.close((err) => (err ? reject(err) : resolve()));
      });
    }

    address() {
      healthCheck(this);
      const { id } = this[kState];
      if (!id) throw ebadf('getsockname');
      return host.udpAddress(id, false);
    }

    remoteAddress() {
      healthCheck(this);
      const state = this[kState];
      if (state.connectState !== CONNECT_STATE_CONNECTED) throw errNotConnected();
      return host.udpAddress(state.id, true);
    }

    setBroadcast(arg) { option(this, 'broadcast', !!arg); }
    setTTL(ttl) {
      validateNumber(ttl, 'ttl');
      option(this, 'ttl', ttl);
      return ttl;
    }
    setMulticastTTL(ttl) {
      validateNumber(ttl, 'ttl');
      option(this, 'multicastTTL', ttl);
      return ttl;
    }
    setMulticastLoopback(arg) {
      option(this, 'multicastLoopback', !!arg);
      return arg;
    }
    setMulticastInterface(interfaceAddress) {
      healthCheck(this);
      validateString(interfaceAddress, 'interfaceAddress');
      option(this, 'multicastInterface', interfaceAddress);
    }
    addMembership(multicastAddress, interfaceAddress) {
      healthCheck(this);
      if (!multicastAddress) throw errMissingArgs('multicastAddress');
      option(this, 'addMembership', multicastAddress, interfaceAddress);
    }
    dropMembership(multicastAddress, interfaceAddress) {
      healthCheck(this);
      if (!multicastAddress) throw errMissingArgs('multicastAddress');
      option(this, 'dropMembership', multicastAddress, interfaceAddress);
    }
    addSourceSpecificMembership(sourceAddress, groupAddress, interfaceAddress) {
      healthCheck(this);
      validateString(sourceAddress, 'sourceAddress');
      validateString(groupAddress, 'groupAddress');
      option(this, 'addSourceSpecificMembership', sourceAddress, groupAddress, interfaceAddress);
    }
    dropSourceSpecificMembership(sourceAddress, groupAddress, interfaceAddress) {
      healthCheck(this);
      validateString(sourceAddress, 'sourceAddress');
      validateString(groupAddress, 'groupAddress');
      option(this, 'dropSourceSpecificMembership', sourceAddress, groupAddress, interfaceAddress);
    }

    ref() {
      const state = this[kState];
      if (state.open) {
        state.refed = true;
        if (state.id) host.netRef(state.id, true);
      }
      return this;
    }
    unref() {
      const state = this[kState];
      if (state.open) {
        state.refed = false;
        if (state.id) host.netRef(state.id, false);
      }
      return this;
    }

    setRecvBufferSize(size) { bufferSize(this, size, true); }
    setSendBufferSize(size) { bufferSize(this, size, false); }
    getRecvBufferSize() { return bufferSize(this, 0, true); }
    getSendBufferSize() { return bufferSize(this, 0, false); }
    getSendQueueSize() { return this[kState].id ? host.udpSendQueue(this[kState].id, false) : 0; }
    getSendQueueCount() { return this[kState].id ? host.udpSendQueue(this[kState].id, true) : 0; }
  }

  // (Node's Socket is a function; `dgram.Socket(type)` without new is not
  // supported there either: it is a class-like constructor.)
  function healthCheck(socket) {
    if (!socket[kState].open) throw errNotRunning();
  }
  function stopReceiving(socket) {
    const state = socket[kState];
    if (!state.receiving) return;
    if (state.id) host.udpReceiving(state.id, false);
    state.receiving = false;
  }
  // startListening (lib/dgram.js): receiving, bound, the buffer sizes the
  // options asked for, then 'listening'.
  function startListening(socket) {
    const state = socket[kState];
    state.receiving = true;
    state.bindState = BIND_STATE_BOUND;
    if (state.recvBufferSize) bufferSize(socket, state.recvBufferSize, true);
    if (state.sendBufferSize) bufferSize(socket, state.sendBufferSize, false);
    socket.emit('listening');
  }
  function bufferSize(socket, size, recv) {
    if (size >>> 0 !== size) throw errBadBufferSize();
    const { id } = socket[kState];
    try {
      if (!id) throw ebadf(recv ? 'uv_recv_buffer_size' : 'uv_send_buffer_size');
      const value = host.udpOption(id, recv ? 'recvBufferSize' : 'sendBufferSize', size);
      return size === 0 ? value : size;
    } catch (e) {
      throw errBufferSize(e);
    }
  }
  function option(socket, name, a, b, c) {
    const { id } = socket[kState];
    const syscall = { broadcast: 'setBroadcast', ttl: 'setTTL', multicastTTL: 'setMulticastTTL', multicastLoopback: 'setMulticastLoopback', multicastInterface: 'setMulticastInterface' }[name] || name;
    if (!id) throw ebadf(syscall);
    return host.udpOption(id, name, a, b, c);
  }
  // enqueue / onListenSuccess / onListenError / clearQueue (lib/dgram.js):
  // what waits for the implicit bind.
  function enqueue(socket, entry) {
    const state = socket[kState];
    if (state.queue === undefined) {
      state.queue = [];
      socket.once(EventEmitter.errorMonitor, onListenError);
      socket.once('listening', onListenSuccess);
    }
    state.queue.push(entry);
  }
  function onListenSuccess() {
    this.removeListener(EventEmitter.errorMonitor, onListenError);
    const state = this[kState];
    const queue = state.queue;
    state.queue = undefined;
    for (const entry of queue) entry();
  }
  function onListenError() {
    this.removeListener('listening', onListenSuccess);
    this[kState].queue = undefined;
  }
  function connectNow(socket, port, address, callback) {
    const state = socket[kState];
    if (callback) socket.once('connect', callback);
    state.lookup(address, (ex, ip) => {
      if (!state.open) return;
      if (!ex) {
        try {
          host.udpConnect(state.id, String(ip), port);
        } catch (e) {
          // exceptionWithHostPort(err, 'connect', address, port).
          e.message = `connect ${e.code} ${address}:${port}`;
          e.address = address;
          e.port = port;
          ex = e;
        }
      }
      if (ex) {
        state.connectState = CONNECT_STATE_DISCONNECTED;
        nextTick(() => {
          if (callback) {
            socket.removeListener('connect', callback);
            callback(ex);
          } else socket.emit('error', ex);
        });
        return;
      }
      state.connectState = CONNECT_STATE_CONNECTED;
      nextTick(() => socket.emit('connect'));
    });
  }
  function sliceBuffer(buffer, offset, length) {
    if (typeof buffer === 'string') buffer = Buffer.from(buffer);
    else if (!isArrayBufferView(buffer)) throw invalidArgType('buffer', bufferTypes, buffer);
    offset = offset >>> 0;
    length = length >>> 0;
    if (offset > buffer.byteLength) throw errOutOfBounds('offset');
    if (offset + length > buffer.byteLength) throw errOutOfBounds('length');
    return Buffer.from(buffer.buffer, buffer.byteOffset + offset, length);
  }
  function fixBufferList(list) {
    const out = new Array(list.length);
    for (let i = 0; i < list.length; i++) {
      const buf = list[i];
      if (typeof buf === 'string') out[i] = Buffer.from(buf);
      else if (!isArrayBufferView(buf)) return null;
      else out[i] = Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
    }
    return out;
  }
  // doSend (lib/dgram.js) over UDPWrap::Send: a datagram uv_udp_try_send
  // sent at once calls back on the next tick; one queued calls back when
  // its request completes (the poll phase); a failure goes to the callback
  // on the next tick (with no callback, nowhere).
  function doSend(ex, socket, ip, list, address, port, callback) {
    const state = socket[kState];
    if (ex) {
      if (typeof callback === 'function') nextTick(callback, ex);
      else nextTick(() => socket.emit('error', ex));
      return;
    }
    if (!state.open) return;
    let bytes = list.length === 1 ? list[0] : Buffer.concat(list);
    if (!(bytes instanceof Uint8Array)) bytes = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let r;
    try {
      r = port ? host.udpSend(state.id, bytes, String(ip), port, address ?? '', !!callback) : host.udpSend(state.id, bytes, null, 0, '', !!callback);
    } catch (e) {
      if (callback) nextTick(callback, e);
      return;
    }
    if (r >= 1) {
      if (callback) nextTick(callback, null, r - 1);
      return;
    }
    if (r < 0 && callback) sendCallbacks.set(-r, callback);
  }
  function onEvent(socket, e) {
    switch (e.type) {
      case 'message': {
        // onMessage: rinfo as UDPWrap::OnRecv makes it, with `size`.
        const data = Buffer.from(e.data.buffer, e.data.byteOffset, e.data.byteLength);
        socket.emit('message', data, { address: e.address, family: e.family, port: e.port, size: data.length });
        break;
      }
      case 'sent': {
        const cb = sendCallbacks.get(e.request);
        sendCallbacks.delete(e.request);
        if (cb) cb(e.error ?? null, e.bytes);
        break;
      }
      case 'failed':
        socket.emit('error', e.error);
        break;
    }
  }

  function createSocket(type, listener) {
    return new Socket(type, listener);
  }

  return { createSocket, Socket };
})

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
  const handles = new Map(); // handle id -> Socket or Server

  // https://nodejs.org/api/net.html#class-netsocket
  class Socket extends EventEmitter {
    constructor(options = {}) {
      super();
      this._id = 0;
      this._encoding = null;
      this._writes = new Map(); // write request id -> callback
      this._ended = false; // our side: end() called
      this._readEnded = false; // their side: 'end' received
      this._finished = false;
      this.connecting = false;
      this.destroyed = false;
      this.allowHalfOpen = !!options.allowHalfOpen;
      this.bytesWritten = 0;
      this.bytesRead = 0;
      this.remoteAddress = undefined;
      this.remotePort = undefined;
      this.remoteFamily = undefined;
      this.localAddress = undefined;
      this.localPort = undefined;
      this._server = null;
    }
    connect(...args) {
      const [options, cb] = normalizeConnectArgs(args);
      if (typeof cb === 'function') this.once('connect', cb);
      if (options.port === undefined && options.path == null) {
        throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "options" or "port" or "path" argument must be specified');
      }
      if (typeof options.port !== 'number' && typeof options.port !== 'string') {
        throw invalidArgType('options.port', ['number', 'string'], options.port);
      }
      const port = validatePort(options.port);
      this.connecting = true;
      try {
        this._id = host.netConnect(options.host || 'localhost', port);
        handles.set(this._id, this);
      } catch (err) {
        process.nextTick(() => this.destroy(err));
      }
      return this;
    }
    setEncoding(enc) { this._encoding = enc; return this; }
    setNoDelay() { return this; }
    setKeepAlive() { return this; }
    setTimeout(ms, cb) { if (cb) this.once('timeout', cb); return this; }
    pause() { return this; }
    resume() { return this; }
    // Node: before the socket has a handle, ref/unref wait for 'connect'.
    ref() { if (this._id) host.netRef(this._id, true); else this.once('connect', this.ref); return this; }
    unref() { if (this._id) host.netRef(this._id, false); else this.once('connect', this.unref); return this; }
    address() { return this.localAddress === undefined ? {} : { address: this.localAddress, family: this.localFamily, port: this.localPort }; }
    get readyState() { return this.connecting ? 'opening' : this.destroyed ? 'closed' : 'open'; }
    get pending() { return this.connecting || !this._id; }
    write(data, encoding, cb) {
      if (typeof encoding === 'function') { cb = encoding; encoding = undefined; }
      if (this._ended) {
        const err = nodeError(Error, 'ERR_STREAM_WRITE_AFTER_END', 'write after end');
        process.nextTick(() => { if (cb) cb(err); this.emit('error', err); });
        return false;
      }
      if (typeof data !== 'string' && !ArrayBuffer.isView(data)) {
        throw invalidArgType('chunk', ['string', 'Buffer', 'TypedArray', 'DataView'], data);
      }
      const bytes = typeof data === 'string' ? Buffer.from(data, encoding) : data;
      this.bytesWritten += bytes.length;
      // (A write without a callback: its completion is not reported.)
      const request = host.netWrite(this._id, bytes, typeof cb === 'function');
      if (typeof cb === 'function') this._writes.set(request, cb);
      return true;
    }
    end(data, encoding, cb) {
      if (typeof data === 'function') { cb = data; data = undefined; }
      if (typeof encoding === 'function') { cb = encoding; encoding = undefined; }
      if (data !== undefined && data !== null) this.write(data, encoding);
      if (cb) this.once('finish', cb);
      if (!this._ended) {
        this._ended = true;
        if (this.connecting) this.once('connect', () => host.netEnd(this._id));
        else host.netEnd(this._id);
      }
      return this;
    }
    destroy(err) {
      if (this.destroyed) return this;
      this.destroyed = true;
      this.connecting = false;
      if (this._id) {
        host.netClose(this._id);
        handles.delete(this._id);
      }
      if (this._server) this._server._connectionClosed();
      if (err) process.nextTick(() => this.emit('error', err));
      // The handle's close callback runs in the close phase.
      host.closeHandle(() => this.emit('close', !!err));
      return this;
    }
    // 'finish' once end()'s shutdown completed (after every queued write).
    _finish() {
      if (this._finished) return;
      this._finished = true;
      this.emit('finish');
      if (this._readEnded) this.destroy();
    }
    _event(e) {
      switch (e.type) {
        case 'connected':
          this.connecting = false;
          setAddresses(this, e);
          this.emit('connect');
          this.emit('ready');
          break;
        case 'failed':
          this.destroy(e.error);
          break;
        case 'data': {
          // (The bytes are new and only here: the Buffer takes them as they are.)
          const chunk = Buffer.from(e.data.buffer, e.data.byteOffset, e.data.byteLength);
          this.bytesRead += chunk.length;
          this.emit('data', this._encoding ? chunk.toString(this._encoding) : chunk);
          break;
        }
        case 'end':
          this._readEnded = true;
          this.emit('end');
          if (!this.allowHalfOpen && !this._ended) this.end();
          else if (this._finished) this.destroy();
          break;
        case 'written': {
          const cb = this._writes.get(e.request);
          this._writes.delete(e.request);
          if (cb) cb();
          break;
        }
        case 'shutdown':
          this._finish();
          break;
      }
    }
  }
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
    if (args[0] !== null && typeof args[0] === 'object') { options = { ...args[0] }; cb = args[1]; }
    else {
      options = { port: args[0] };
      if (typeof args[1] === 'string') { options.host = args[1]; cb = args[2]; } else cb = args[1];
    }
    return [options, cb];
  }

  // https://nodejs.org/api/net.html#class-netserver
  class Server extends EventEmitter {
    constructor(options, connectionListener) {
      super();
      if (typeof options === 'function') { connectionListener = options; options = {}; }
      else if (options !== null && options !== undefined && typeof options !== 'object') throw invalidArgType('options', 'Object', options);
      this._options = options || {};
      this._id = 0;
      this._address = null;
      this._connections = 0;
      this._closing = false;
      if (connectionListener) this.on('connection', connectionListener);
    }
    get listening() { return !!this._id; }
    listen(...args) {
      let port = 0, address, cb;
      if (args[0] !== null && typeof args[0] === 'object') { port = args[0].port || 0; address = args[0].host; cb = args[1]; }
      else {
        for (const a of args) {
          if (typeof a === 'function') cb = a;
          else if (typeof a === 'string' && address === undefined && port !== undefined && args.indexOf(a) === 1) address = a;
          else if (typeof a === 'number' || (typeof a === 'string' && /^\d+$/.test(a))) { if (args.indexOf(a) === 0) port = Number(a); }
        }
      }
      if (typeof port === 'number' || typeof port === 'string') port = validatePort(port, 'options.port');
      if (cb) this.once('listening', cb);
      try {
        let bound;
        if (address === undefined) {
          try { bound = host.netListen('::', port); } catch (_) { bound = host.netListen('0.0.0.0', port); }
        } else bound = host.netListen(address, port);
        this._id = bound.id;
        this._address = { address: bound.address, family: bound.family, port: bound.port };
        handles.set(this._id, this);
        if (this._unref) host.netRef(this._id, false);
        process.nextTick(() => this.emit('listening'));
      } catch (err) {
        process.nextTick(() => this.emit('error', err));
      }
      return this;
    }
    address() { return this._address; }
    // Node keeps the choice (`_unref`) for a server not yet listening and
    // applies it when its handle is made.
    ref() { this._unref = false; if (this._id) host.netRef(this._id, true); return this; }
    unref() { this._unref = true; if (this._id) host.netRef(this._id, false); return this; }
    getConnections(cb) { process.nextTick(() => cb(null, this._connections)); return this; }
    close(cb) {
      if (!this._id) {
        const err = nodeError(Error, 'ERR_SERVER_NOT_RUNNING', 'Server is not running.');
        if (cb) process.nextTick(() => cb(err));
        return this;
      }
      if (cb) this.once('close', cb);
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
      const socket = new Socket({ allowHalfOpen: this._options.allowHalfOpen });
      socket._id = e.socket;
      socket._server = this;
      setAddresses(socket, e);
      handles.set(e.socket, socket);
      this._connections += 1;
      this.emit('connection', socket);
    }
  }

  function _dispatch(e) {
    const target = handles.get(e.server !== undefined ? e.server : e.socket);
    if (target) target._event(e);
  }

  const net = {
    Socket,
    Server,
    Stream: Socket,
    createServer: (options, listener) => new Server(options, listener),
    connect: (...args) => { const [options] = normalizeConnectArgs(args); return new Socket(options).connect(...args); },
    createConnection: (...args) => net.connect(...args),
    isIP: (s) => (/^(\d{1,3}\.){3}\d{1,3}$/.test(s) ? 4 : /:/.test(s) ? 6 : 0),
    isIPv4: (s) => net.isIP(s) === 4,
    isIPv6: (s) => net.isIP(s) === 6,
    _dispatch,
  };
  return net;
})

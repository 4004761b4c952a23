// jsloop glue 44: Node's worker_threads — Worker (each a Node loop on its
// own thread), parentPort, workerData, isMainThread, threadId. Values cross
// threads as serialized records (05_serialize.js); a message is an I/O
// callback of the receiving loop's poll phase.
// https://nodejs.org/docs/latest-v20.x/api/worker_threads.html
(function (host, EventEmitter, ser, process, errors, DOMException) {
  'use strict';
  const { serialize, deserialize } = ser;
  const { nodeError, invalidArgType } = errors;
  const workers = new Map();

  class Worker extends EventEmitter {
    #id; #exited = false; #exitCode = null; #exitWaiters = [];
    constructor(filename, options) {
      super();
      if (options === undefined || options === null) options = {};
      const isEval = options.eval === true;
      if (typeof URL === 'function' && filename instanceof URL) filename = filename.pathname;
      if (typeof filename !== 'string') throw invalidArgType('filename', 'of type string or an instance of URL', filename);
      if (!isEval && !filename.startsWith('/') && !filename.startsWith('./') && !filename.startsWith('../')) {
        throw nodeError(TypeError, 'ERR_WORKER_PATH', `The worker script or module filename must be an absolute path or a relative path starting with './' or '../'. Received "${filename}"`);
      }
      const [record, buffers] = serialize(options.workerData);
      // Node: the worker's process.env is a copy of options.env, or of the
      // parent's process.env, taken now.
      const source = options.env !== null && typeof options.env === 'object' ? options.env : process.env;
      const env = {};
      for (const key of Object.keys(source)) env[key] = String(source[key]);
      this.#id = host.createNodeWorker(filename, isEval, record, buffers, options.name === undefined ? '' : String(options.name), JSON.stringify(env));
      workers.set(this.#id, this);
    }
    get threadId() { return this.#id; }
    postMessage(value, transferList) {
      if (arguments.length === 0) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "value" argument must be specified');
      if (this.#exited) return;
      const [record, buffers, ports] = serialize(value, transferList);
      host.postToNodeWorker(this.#id, record, buffers, ports);
    }
    // Resolves with the exit code once the worker has stopped; with
    // undefined if it had already exited (Node: its handle is gone). Node
    // refs the worker while it waits.
    terminate() {
      if (this.#exited) return Promise.resolve();
      return new Promise((resolve) => {
        this.ref();
        this.#exitWaiters.push(resolve);
        host.terminateNodeWorker(this.#id);
      });
    }
    ref() { host.setWorkerRef(this.#id, true); }
    unref() { host.setWorkerRef(this.#id, false); }
    _event(kind, a, b) {
      switch (kind) {
        case 'online': this.emit('online'); break;
        case 'message': {
          let value;
          try { [value] = deserialize(a, b); } catch (e) { this.emit('messageerror', e); break; }
          this.emit('message', value);
          break;
        }
        case 'error': this.emit('error', deserialize(a, b)[0]); break;
        case 'exit': {
          this.#exited = true;
          this.#exitCode = a;
          workers.delete(this.#id);
          this.emit('exit', a);
          for (const resolve of this.#exitWaiters.splice(0)) resolve(a);
          break;
        }
      }
    }
  }

  // The worker's side of its channel to the parent.
  class ParentPort extends EventEmitter {
    #refed = true; #closed = false;
    constructor() {
      super();
      // A port with 'message' listeners keeps the worker alive (unless unref'd).
      const update = () => host.setParentPortRef(!this.#closed && this.#refed && this.listenerCount('message') > 0);
      this.on('newListener', (name) => { if (name === 'message') queueMicrotask(update); });
      this.on('removeListener', (name) => { if (name === 'message') update(); });
      this._update = update;
    }
    postMessage(value, transferList) {
      if (arguments.length === 0) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "value" argument must be specified');
      if (this.#closed) return;
      const [record, buffers, ports] = serialize(value, transferList);
      host.postToParent(record, buffers, ports);
    }
    close() { this.#closed = true; this._update(); this.emit('close'); }
    ref() { this.#refed = true; this._update(); }
    unref() { this.#refed = false; this._update(); }
    start() {}
  }

  // ------------------------------------------------------------ MessageChannel
  // https://nodejs.org/docs/latest-v24.x/api/worker_threads.html#class-messagechannel
  // Every port has a process-wide id. Its incoming message queue, whether it
  // receives and whether it is referenced are the host's (Rust: an async
  // handle of the loop per port, src/node_messaging.cc's model): a message
  // posted to a port is queued there and delivered in the poll phase, when
  // the loop runs the port's async handle. As Node's setupPortReferencing
  // does, a port is referenced and receiving while it has 'message'
  // listeners.
  const portsById = new Map();
  const portState = new WeakMap();
  let constructing = false;
  class MessagePort extends EventEmitter {
    constructor() {
      super();
      if (!constructing) throw new TypeError('Illegal constructor');
      portState.set(this, { id: null, remote: null, closed: false, shipped: false, onmessage: null, listeners: new Map() });
      this.on('newListener', (name) => {
        if (name === 'message' && this.listenerCount('message') === 0) {
          const s = portState.get(this);
          if (s.closed) return;
          host.portRef(s.id, true);
          host.portReceiving(s.id, true);
        }
      });
      this.on('removeListener', (name) => {
        if (name === 'message' && this.listenerCount('message') === 0) {
          const s = portState.get(this);
          if (s.closed) return;
          host.portRef(s.id, false);
          host.portReceiving(s.id, false);
        }
      });
    }
    postMessage(value, transferList) {
      if (arguments.length === 0) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "value" argument must be specified');
      const s = portState.get(this);
      if (transferList) for (const t of transferList) if (t === this) throw new DOMException('Transfer list contains source port', 'DataCloneError');
      if (s.closed || s.remote === null) return;
      const [record, buffers, ports] = serialize(value, transferList);
      host.postToPort(s.remote, record, buffers, ports);
    }
    start() { const s = portState.get(this); if (!s.closed) host.portReceiving(s.id, true); }
    // The handle closes now; 'close' comes in the close phase, and then the
    // entangled port gets a close message.
    close(callback) {
      if (typeof callback === 'function') this.once('close', callback);
      const s = portState.get(this);
      if (s.closed) return;
      s.closed = true;
      host.portClose(s.id);
    }
    ref() { const s = portState.get(this); if (!s.closed) host.portRef(s.id, true); return this; }
    unref() { const s = portState.get(this); if (!s.closed) host.portRef(s.id, false); return this; }
    hasRef() { const s = portState.get(this); return !s.closed && host.portHasRef(s.id); }
    get onmessage() { return portState.get(this).onmessage; }
    set onmessage(f) {
      const s = portState.get(this);
      if (s.onmessage) this.off('message', s.onmessageWrapper);
      s.onmessage = typeof f === 'function' ? f : null;
      if (s.onmessage) { s.onmessageWrapper = (data) => s.onmessage.call(this, { data, target: this, type: 'message' }); this.on('message', s.onmessageWrapper); }
    }
    addEventListener(type, f) {
      const s = portState.get(this);
      const wrapper = (data) => (typeof f === 'function' ? f.call(this, { data, target: this, type }) : f.handleEvent({ data, target: this, type }));
      s.listeners.set(f, wrapper);
      this.on(type, wrapper);
    }
    removeEventListener(type, f) {
      const s = portState.get(this);
      const wrapper = s.listeners.get(f);
      if (wrapper) { s.listeners.delete(f); this.off(type, wrapper); }
    }
  }
  function newPort(id) {
    constructing = true;
    let port;
    try { port = new MessagePort(); } finally { constructing = false; }
    const s = portState.get(port);
    s.id = id === undefined ? host.newPortId() : id;
    portsById.set(s.id, port);
    return port;
  }
  class MessageChannel {
    constructor() {
      this.port1 = newPort();
      this.port2 = newPort();
      const a = portState.get(this.port1), b = portState.get(this.port2);
      a.remote = b.id;
      b.remote = a.id;
      host.entanglePorts(a.id, b.id);
    }
  }
  ser.setPortHooks({
    isPort: (v) => v instanceof MessagePort,
    // The messages waiting in the port's queue, as [record, buffers] pairs
    // (taken: they go with the port); its handle here is closed.
    queued(port) {
      const s = portState.get(port);
      if (s.shipped || s.closed) throw new DOMException('MessagePort was found in message but not listed in transferList', 'DataCloneError');
      return host.shipPort(s.id);
    },
    ship(port) {
      const s = portState.get(port);
      s.shipped = true;
      s.closed = true;
      portsById.delete(s.id);
      return [s.id, s.remote];
    },
    adopt(id, partner) {
      host.adoptPort(id);
      const port = newPort(id);
      portState.get(port).remote = partner;
      return port;
    },
    settle(port, queued) { host.settlePort(portState.get(port).id, queued); },
  });
  // A message a port of this thread delivers (the poll phase).
  function portMessage(id, record, buffers) {
    const port = portsById.get(id);
    if (!port) return;
    let value;
    try { [value] = deserialize(record, buffers); } catch (e) { port.emit('messageerror', e); return; }
    port.emit('message', value);
  }
  // A port's handle closed (the close phase).
  function portClosed(id) {
    const port = portsById.get(id);
    if (!port) return;
    portsById.delete(id);
    portState.get(port).closed = true;
    port.emit('close');
  }

  const isMainThread = !host.isWorker;
  const parentPort = isMainThread ? null : new ParentPort();
  const workerData = isMainThread || host.workerData === null ? null : deserialize(host.workerData[0], host.workerData[1])[0];

  // Events from the host: for a Worker object (in its parent), or for
  // parentPort (in the worker).
  function dispatch(kind, id, a, b) {
    if (kind === 'port') { portMessage(id, a, b); return; }
    if (kind === 'port-close') { portClosed(id); return; }
    if (kind === 'to-worker') {
      if (!parentPort) return;
      let value;
      try { [value] = deserialize(a, b); } catch (e) { parentPort.emit('messageerror', e); return; }
      parentPort.emit('message', value);
      return;
    }
    const worker = workers.get(id);
    if (worker) worker._event(kind, a, b);
  }

  const module = {
    Worker, MessageChannel, MessagePort, isMainThread, parentPort, workerData,
    threadId: host.threadId,
    resourceLimits: {},
    SHARE_ENV: Symbol.for('nodejs.worker_threads.SHARE_ENV'),
    markAsUntransferable() {},
    getEnvironmentData() { return undefined; },
    setEnvironmentData() {},
  };
  // structuredClone(value, { transfer }): serialize and deserialize here.
  function structuredClone(value, options) {
    if (arguments.length === 0) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "value" argument must be specified');
    const [record, buffers] = serialize(value, options && options.transfer);
    return deserialize(record, buffers.map((b) => b))[0];
  }
  return { module, dispatch, serialize, structuredClone };
})

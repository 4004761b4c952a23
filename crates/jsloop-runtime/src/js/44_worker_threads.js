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
      this.#id = host.createNodeWorker(filename, isEval, record, buffers, options.name === undefined ? '' : String(options.name));
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
  // https://nodejs.org/docs/latest-v20.x/api/worker_threads.html#class-messagechannel
  // Every port has a process-wide id; a message goes through the host to
  // the loop that owns the entangled port (this one, or another thread's)
  // and is delivered in its poll phase. A port with 'message' listeners is
  // a referenced handle (keeps the loop alive) until closed or unref'd.
  const portsById = new Map();
  const pending = new Map();
  const portState = new WeakMap();
  let constructing = false;
  class MessagePort extends EventEmitter {
    constructor() {
      super();
      if (!constructing) throw new TypeError('Illegal constructor');
      portState.set(this, { id: null, remote: null, started: false, refed: true, closed: false, queue: [], shipped: false, onmessage: null, listeners: new Map() });
      this.on('newListener', (name) => { if (name === 'message') { queueMicrotask(() => { this.start(); updateRef(this); }); } });
      this.on('removeListener', (name) => { if (name === 'message') updateRef(this); });
    }
    postMessage(value, transferList) {
      if (arguments.length === 0) throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "value" argument must be specified');
      const s = portState.get(this);
      if (transferList) for (const t of transferList) if (t === this) throw new DOMException('Transfer list contains source port', 'DataCloneError');
      if (s.closed || s.remote === null) return;
      const [record, buffers, ports] = serialize(value, transferList);
      host.postToPort(s.remote, record, buffers, ports);
    }
    start() {
      const s = portState.get(this);
      if (s.started) return;
      s.started = true;
      for (const [value, ports] of s.queue.splice(0)) deliver(this, value, ports);
    }
    close() {
      const s = portState.get(this);
      if (s.closed) return;
      s.closed = true;
      updateRef(this);
      queueMicrotask(() => this.emit('close'));
    }
    ref() { portState.get(this).refed = true; updateRef(this); }
    unref() { portState.get(this).refed = false; updateRef(this); }
    hasRef() { const s = portState.get(this); return !s.closed && s.refed && this.listenerCount('message') > 0; }
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
  function updateRef(port) { const s = portState.get(port); if (s.id !== null) host.setPortRef(s.id, port.hasRef()); }
  function newPort(id) {
    constructing = true;
    let port;
    try { port = new MessagePort(); } finally { constructing = false; }
    const s = portState.get(port);
    s.id = id === undefined ? host.newPortId() : id;
    portsById.set(s.id, port);
    return port;
  }
  function deliver(port, value, ports) {
    port.emit('message', value);
  }
  class MessageChannel {
    constructor() {
      this.port1 = newPort();
      this.port2 = newPort();
      portState.get(this.port1).remote = portState.get(this.port2).id;
      portState.get(this.port2).remote = portState.get(this.port1).id;
    }
  }
  ser.setPortHooks({
    isPort: (v) => v instanceof MessagePort,
    queued: (port) => portState.get(port).queue.splice(0).map(([value]) => value),
    ship(port) {
      const s = portState.get(port);
      if (s.shipped || s.closed) throw new DOMException('MessagePort was found in message but not listed in transferList', 'DataCloneError');
      const id = s.id;
      s.shipped = true;
      s.closed = true;
      host.setPortRef(id, false);
      portsById.delete(id);
      return [id, s.remote];
    },
    adopt(id, partner) {
      const port = newPort(id);
      host.adoptPort(id);
      portState.get(port).remote = partner;
      return port;
    },
    settle(port, queued) {
      const s = portState.get(port);
      for (const value of queued) s.queue.push([value, []]);
      const waiting = pending.get(s.id);
      if (waiting) { pending.delete(s.id); for (const [r, b] of waiting) portMessage(s.id, r, b); }
    },
  });
  // A message for one of this thread's ports (the poll phase).
  function portMessage(id, record, buffers) {
    const port = portsById.get(id);
    if (!port) {
      if (!pending.has(id)) pending.set(id, []);
      pending.get(id).push([record, buffers]);
      return;
    }
    const s = portState.get(port);
    if (s.closed) return;
    let value, ports;
    try { [value, ports] = deserialize(record, buffers); } catch (e) { port.emit('messageerror', e); return; }
    if (s.started) deliver(port, value, ports);
    else s.queue.push([value, ports]);
  }

  const isMainThread = !host.isWorker;
  const parentPort = isMainThread ? null : new ParentPort();
  const workerData = isMainThread || host.workerData === null ? null : deserialize(host.workerData[0], host.workerData[1])[0];

  // Events from the host: for a Worker object (in its parent), or for
  // parentPort (in the worker).
  function dispatch(kind, id, a, b) {
    if (kind === 'port') { portMessage(id, a, b); return; }
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

// jsloop glue 44: Node's worker_threads — Worker (each a Node loop on its
// own thread), parentPort, workerData, isMainThread, threadId. Values cross
// threads as serialized records (05_serialize.js); a message is an I/O
// callback of the receiving loop's poll phase.
// https://nodejs.org/docs/latest-v20.x/api/worker_threads.html
(function (host, EventEmitter, ser, process, errors) {
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
      const [record, buffers] = serialize(value, transferList);
      host.postToNodeWorker(this.#id, record, buffers);
    }
    // Resolves with the exit code once the worker has stopped.
    terminate() {
      return new Promise((resolve) => {
        if (this.#exited) { resolve(this.#exitCode); return; }
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
      const [record, buffers] = serialize(value, transferList);
      host.postToParent(record, buffers);
    }
    close() { this.#closed = true; this._update(); this.emit('close'); }
    ref() { this.#refed = true; this._update(); }
    unref() { this.#refed = false; this._update(); }
    start() {}
  }

  const isMainThread = !host.isWorker;
  const parentPort = isMainThread ? null : new ParentPort();
  const workerData = isMainThread || host.workerData === null ? null : deserialize(host.workerData[0], host.workerData[1])[0];

  // Events from the host: for a Worker object (in its parent), or for
  // parentPort (in the worker).
  function dispatch(kind, id, a, b) {
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
    Worker, isMainThread, parentPort, workerData,
    threadId: host.threadId,
    resourceLimits: {},
    SHARE_ENV: Symbol.for('nodejs.worker_threads.SHARE_ENV'),
    markAsUntransferable() {},
    getEnvironmentData() { return undefined; },
    setEnvironmentData() {},
  };
  return { module, dispatch, serialize };
})

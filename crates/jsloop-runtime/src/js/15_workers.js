// jsloop glue 15: dedicated workers — the Worker object (in a window or a
// worker), and, inside a worker, its global scope's postMessage, close,
// importScripts and animation frames. Messages cross threads as serialized
// records (05_serialize.js), deserialized in the receiving realm.
(function (host, g, con, web, ser) {
  'use strict';
  const { define, fireTrusted, defineEventHandler } = web;
  const { EventTarget, Event, ErrorEvent, MessageEvent, DOMException } = g;

  const { deserialize } = ser;
  // StructuredSerializeWithTransfer for a message posted by `iface`'s
  // postMessage: a DataCloneError names the operation, as Chromium's do
  // ("Failed to execute 'postMessage' on 'Worker': ...").
  function serialize(iface, message, transfer) {
    try {
      return ser.serialize(message, transfer);
    } catch (e) {
      if (e instanceof DOMException && e.name === 'DataCloneError') {
        throw new DOMException(`Failed to execute 'postMessage' on '${iface}': ${e.message}`, 'DataCloneError');
      }
      throw e;
    }
  }

  // ------------------------------------------------------------ the Worker object
  // https://html.spec.whatwg.org/multipage/workers.html#dedicated-workers-and-the-worker-interface
  const workers = new Map();
  class Worker extends EventTarget {
    #id;
    constructor(scriptURL, options = undefined) {
      super();
      if (arguments.length === 0) throw new TypeError("Failed to construct 'Worker': 1 argument required, but only 0 present.");
      const type = options === undefined || options === null || options.type === undefined ? 'classic' : String(options.type);
      if (type !== 'classic' && type !== 'module') throw new TypeError(`Failed to construct 'Worker': Failed to read the 'type' property from 'WorkerOptions': The provided value '${type}' is not a valid enum value of type WorkerType.`);
      const name = options === undefined || options === null || options.name === undefined ? '' : String(options.name);
      // A blob: or data: URL is fetched here (its text, or null if it
      // names nothing); any other is read from its file by the worker.
      let url = String(scriptURL);
      // https://html.spec.whatwg.org/multipage/workers.html#dom-worker
      // Step 4. Let worker URL be the result of encoding-parsing a URL given
      // scriptURL, relative to outside settings (the document's base URL).
      // Step 5. If worker URL is failure, then throw a "SyntaxError"
      // DOMException.
      let parsed;
      try { parsed = new g.URL(url, g.document ? g.document.baseURI : g.location.href); } catch {
        throw new DOMException(`Failed to construct 'Worker': The URL '${url}' is invalid.`, 'SyntaxError');
      }
      // (Chromium, as recorded in WPT's workers/constructors/Worker/same-origin.html,
      // throws a "SecurityError" DOMException for a worker URL its document may
      // not load a script from, where the Standard now fires error at the
      // Worker; jsloop throws for the schemes it fetches no worker script from.)
      if (!/^(https?|file|data|blob):$/.test(parsed.protocol)) {
        throw new DOMException(`Failed to construct 'Worker': Script at '${parsed.href}' cannot be accessed from origin '${g.origin ?? 'null'}'.`, 'SecurityError');
      }
      // (A served page's workers are found by their URL; a local page's by
      // the path as written, relative to the page.)
      if (host.served && /^https?:$/.test(parsed.protocol)) url = parsed.href;
      const fetched = /^blob:/i.test(url) ? web.blobURLText(url) : /^data:/i.test(url) ? host.dataURLText(url) : undefined;
      this.#id = host.createWorker(url, type, name, fetched);
      workers.set(this.#id, this);
    }
    // https://html.spec.whatwg.org/multipage/workers.html#dom-worker-postmessage
    postMessage(message, options = undefined) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'postMessage' on 'Worker': 1 argument required, but only 0 present.");
      const transfer = options === undefined || options === null ? undefined : typeof options[Symbol.iterator] === 'function' ? options : options.transfer;
      const [record, buffers, ports] = serialize('Worker', message, transfer);
      host.postToWorker(this.#id, record, buffers, ports);
    }
    // https://html.spec.whatwg.org/multipage/workers.html#dom-worker-terminate
    terminate() {
      host.terminateWorker(this.#id);
      workers.delete(this.#id);
    }
  }
  for (const n of ['onmessage', 'onmessageerror', 'onerror']) defineEventHandler(Worker.prototype, n);
  define(g, { Worker });

  // ------------------------------------------------------------ the SharedWorker object
  // https://html.spec.whatwg.org/multipage/workers.html#shared-workers-and-the-sharedworker-interface
  // The page's shared workers are in a registry in Rust (browser/agents.rs),
  // by constructor URL and name, for all its windows: the first SharedWorker
  // object for them starts the worker (a thread, as a dedicated worker's),
  // each one connects to it.
  class SharedWorker extends EventTarget {
    #port;
    constructor(scriptURL, options = undefined) {
      super();
      if (arguments.length === 0) throw new TypeError("Failed to construct 'SharedWorker': 1 argument required, but only 0 present.");
      // (options: (DOMString or WorkerOptions), a string being the name.)
      const dict = options === undefined || options === null || typeof options === 'object' || typeof options === 'function';
      const type = !dict || options?.type === undefined ? 'classic' : String(options.type);
      if (type !== 'classic' && type !== 'module') throw new TypeError(`Failed to construct 'SharedWorker': Failed to read the 'type' property from 'WorkerOptions': The provided value '${type}' is not a valid enum value of type WorkerType.`);
      const name = !dict ? String(options) : options?.name === undefined ? '' : String(options.name);
      let url = String(scriptURL);
      // https://html.spec.whatwg.org/multipage/workers.html#dom-sharedworker
      // Step 5. Let urlRecord be the result of encoding-parsing a URL given
      // scriptURL, relative to outside settings. Step 6. If urlRecord is
      // failure, then throw a "SyntaxError" DOMException.
      let parsed;
      try { parsed = new g.URL(url, g.document.baseURI); } catch {
        throw new DOMException(`Failed to construct 'SharedWorker': The URL '${url}' is invalid.`, 'SyntaxError');
      }
      if (!/^(https?|file|data|blob):$/.test(parsed.protocol)) {
        throw new DOMException(`Failed to construct 'SharedWorker': Script at '${parsed.href}' cannot be accessed from origin '${g.origin ?? 'null'}'.`, 'SecurityError');
      }
      if (host.served && /^https?:$/.test(parsed.protocol)) url = parsed.href;
      const fetched = /^blob:/i.test(url) ? web.blobURLText(url) : /^data:/i.test(url) ? host.dataURLText(url) : undefined;
      // Step 8. Let outside port be a new MessagePort in outside settings's realm.
      // Step 10. Set worker's port to outside port. (The inside port, its
      // entangled port, goes to the worker's global in its connect event.)
      const { port1, port2 } = new g.MessageChannel();
      this.#port = port1;
      // Step 12. In parallel: find a SharedWorkerGlobalScope whose
      // constructor URL and name are these (and whose constructor origin is
      // this origin: one page, one origin), or run a new worker; then queue
      // a task on its DOM manipulation task source to fire connect with the
      // inside port.
      const [record, buffers, ports] = serialize('SharedWorker', null, [port2]);
      const id = host.connectSharedWorker(url, type, name, fetched, record, buffers, ports);
      // (The worker's script failing to load fires error at the object that started it.)
      if (id !== 0) workers.set(id, this);
    }
    get port() { return this.#port; }
  }
  defineEventHandler(SharedWorker.prototype, 'onerror');
  if (!host.isWorker) define(g, { SharedWorker });

  // A message from the worker: a task on the posted message task source.
  function deliverWorkerMessage(id, record, buffers) {
    const worker = workers.get(id);
    if (!worker) return;
    let data, ports;
    try {
      [data, ports] = deserialize(record, buffers);
    } catch (_) {
      fireTrusted(worker, new MessageEvent('messageerror'));
      return;
    }
    fireTrusted(worker, web.newMessageEvent(data, ports));
  }
  // https://html.spec.whatwg.org/multipage/workers.html#runtime-script-errors-2
  // An error the worker did not handle: fire ErrorEvent at the Worker
  // object; if not canceled, act as if it had occurred in this global.
  function deliverWorkerError(id, message, filename, lineno, colno) {
    const worker = workers.get(id);
    if (!worker) return;
    // https://html.spec.whatwg.org/multipage/workers.html#runtime-script-errors-2: error null.
    const notCanceled = fireTrusted(worker, new ErrorEvent('error', { cancelable: true, message, filename, lineno, colno, error: null }));
    if (notCanceled) web.reportErrorEvent(message, filename, lineno, colno, null);
  }
  // Fetching the worker's script failed: a plain error event.
  function deliverLoadFailed(id) {
    const worker = workers.get(id);
    if (worker) fireTrusted(worker, new Event('error'));
  }

  // ------------------------------------------------------------ BroadcastChannel
  // https://html.spec.whatwg.org/multipage/web-messaging.html#broadcasting-to-other-browsing-contexts
  // The page's channels are in a registry in Rust (browser/broadcast.rs):
  // postMessage serializes here and the registry queues each destination's
  // task; the task's steps are deliverBroadcast's.
  const channels = new Map();
  const channelState = new WeakMap();
  function channelOf(v, what) {
    const s = channelState.get(v);
    if (s === undefined) throw new TypeError(`Failed to ${what} on 'BroadcastChannel': Illegal invocation`);
    return s;
  }
  class BroadcastChannel extends EventTarget {
    // https://html.spec.whatwg.org/multipage/web-messaging.html#dom-broadcastchannel
    constructor(name) {
      if (arguments.length === 0) throw new TypeError("Failed to construct 'BroadcastChannel': 1 argument required, but only 0 present.");
      const channelName = String(name);
      super();
      // Step 1. Set this's channel name to name. (Its closed flag is false.)
      const origin = web.serializedOrigin();
      const s = { name: channelName, closed: false, id: host.broadcastJoin(origin, channelName) };
      channelState.set(this, s);
      // (A channel that is not closed may receive messages: it is kept.)
      channels.set(s.id, this);
    }
    // https://html.spec.whatwg.org/multipage/web-messaging.html#dom-broadcastchannel-name
    get name() { return channelOf(this, "read the 'name' property").name; }
    // https://html.spec.whatwg.org/multipage/web-messaging.html#dom-broadcastchannel-postmessage
    postMessage(message) {
      const s = channelOf(this, "execute 'postMessage'");
      if (arguments.length === 0) throw new TypeError("Failed to execute 'postMessage' on 'BroadcastChannel': 1 argument required, but only 0 present.");
      // Step 1. If this's closed flag is true, then throw an
      // "InvalidStateError" DOMException.
      if (s.closed) throw new DOMException("Failed to execute 'postMessage' on 'BroadcastChannel': Channel is closed", 'InvalidStateError');
      // Step 2. Let serialized be StructuredSerialize(message). Rethrow
      // any exceptions.
      const [record, buffers] = serialize('BroadcastChannel', message, undefined);
      // Step 3-8 (the registry's).
      host.broadcastPost(s.id, record, buffers);
    }
    // https://html.spec.whatwg.org/multipage/web-messaging.html#dom-broadcastchannel-close
    close() {
      const s = channelOf(this, "execute 'close'");
      if (s.closed) return;
      // Step 1. Set this's closed flag to true.
      s.closed = true;
      host.broadcastLeave(s.id);
      channels.delete(s.id);
    }
  }
  for (const n of ['onmessage', 'onmessageerror']) defineEventHandler(BroadcastChannel.prototype, n);
  define(g, { BroadcastChannel });
  // https://html.spec.whatwg.org/multipage/web-messaging.html#dom-broadcastchannel-postmessage
  // Step 8's task, in the destination's realm.
  function deliverBroadcast(id, record, buffers, origin) {
    const destination = channels.get(id);
    // Step 8.1. If destination's closed flag is true, then abort these steps.
    if (destination === undefined || channelState.get(destination).closed) return;
    // Step 8.2. Let data be StructuredDeserialize(serialized, targetRealm).
    // If this throws, fire an event named messageerror at destination,
    // using MessageEvent, with the origin attribute initialized to the
    // serialization of sourceOrigin, and abort these steps.
    let data;
    try {
      [data] = deserialize(record, buffers);
    } catch (_) {
      fireTrusted(destination, new MessageEvent('messageerror', { origin }));
      return;
    }
    // Step 8.3. Fire an event named message at destination, using
    // MessageEvent, with the data attribute initialized to data and the
    // origin attribute initialized to the serialization of sourceOrigin.
    fireTrusted(destination, web.newMessageEvent(data, [], origin));
  }

  // ------------------------------------------------------------ Web Locks
  // https://w3c.github.io/web-locks/
  // The page's lock manager is in Rust (browser/locks.rs): a request, a
  // release and an abort run the lock task queue's steps there; what they
  // hand to this global is a task on the web locks task source, whose steps
  // are deliverLock's.
  const lockRequests = new Map();
  let constructingLock = false;
  const lockState = new WeakMap();
  function lockOf(v, what) {
    const s = lockState.get(v);
    if (s === undefined) throw new TypeError(`Failed to read the '${what}' property from 'Lock': Illegal invocation`);
    return s;
  }
  // https://w3c.github.io/web-locks/#api-lock
  class Lock {
    constructor() { if (!constructingLock) throw new TypeError("Failed to construct 'Lock': Illegal constructor"); }
    get name() { return lockOf(this, 'name').name; }
    get mode() { return lockOf(this, 'mode').mode; }
  }
  function newLock(name, mode) {
    constructingLock = true;
    let lock;
    try { lock = new Lock(); } finally { constructingLock = false; }
    lockState.set(lock, { name, mode });
    return lock;
  }
  // This global's client id (its environment's id).
  let clientId = null;
  const clientIdOf = () => (clientId ??= g.crypto.randomUUID());
  const LOCK_MODES = ['shared', 'exclusive'];
  const failRequest = (message) => `Failed to execute 'request' on 'LockManager': ${message}`;
  // https://w3c.github.io/web-locks/#api-lock-manager
  class LockManager {
    constructor() { throw new TypeError('Illegal constructor'); }
    // https://w3c.github.io/web-locks/#dom-lockmanager-request
    request(name, optionsOrCallback, callback = undefined) {
      // (A promise-returning operation: its argument errors reject.)
      try {
        return requestLock(arguments.length, name, optionsOrCallback, callback);
      } catch (e) {
        return Promise.reject(e);
      }
    }
    // https://w3c.github.io/web-locks/#dom-lockmanager-query
    query() {
      // Step 1-4. A snapshot of the lock state, as a task resolves it.
      return new Promise((resolve) => {
        const [held, pending] = host.locksQuery();
        const info = ([name, exclusive, id]) => ({ clientId: id, mode: exclusive ? 'exclusive' : 'shared', name });
        const snapshot = { held: held.map(info), pending: pending.map(info) };
        host.queueTask('web-locks', 'snapshot the lock state', () => resolve(snapshot), undefined);
      });
    }
  }
  function requestLock(argc, name, optionsOrCallback, callback) {
    if (argc < 2) throw new TypeError(failRequest(`2 arguments required, but only ${argc} present.`));
    // Step 1. If options was not passed, then let callback be the second argument.
    let options = optionsOrCallback;
    if (argc === 2 || (callback === undefined && typeof optionsOrCallback === 'function')) {
      callback = optionsOrCallback;
      options = undefined;
    }
    name = String(name);
    if (options !== undefined && options !== null && typeof options !== 'object' && typeof options !== 'function') {
      throw new TypeError(failRequest("The provided value is not of type 'LockOptions'."));
    }
    const o = options ?? {};
    const mode = o.mode === undefined ? 'exclusive' : String(o.mode);
    if (!LOCK_MODES.includes(mode)) throw new TypeError(failRequest(`Failed to read the 'mode' property from 'LockOptions': The provided value '${mode}' is not a valid enum value of type LockMode.`));
    const ifAvailable = Boolean(o.ifAvailable);
    const signal = o.signal;
    if (signal !== undefined && !(signal instanceof g.AbortSignal)) throw new TypeError(failRequest("Failed to read the 'signal' property from 'LockOptions': Failed to convert value to 'AbortSignal'."));
    const steal = Boolean(o.steal);
    if (typeof callback !== 'function') throw new TypeError(failRequest(`parameter ${argc === 2 ? 2 : 3} is not of type 'Function'.`));
    // Step 5. If name starts with U+002D HYPHEN-MINUS (-), reject with a
    // "NotSupportedError" DOMException.
    if (name.startsWith('-')) throw new DOMException(failRequest("Names cannot start with '-'."), 'NotSupportedError');
    // Step 6. If both steal and ifAvailable are true, reject with a "NotSupportedError".
    if (steal && ifAvailable) throw new DOMException(failRequest("The 'steal' and 'ifAvailable' options cannot be used together."), 'NotSupportedError');
    // Step 7. If steal is true and mode is not "exclusive", reject with a "NotSupportedError".
    if (steal && mode !== 'exclusive') throw new DOMException(failRequest("The 'steal' option may only be used with 'exclusive' locks."), 'NotSupportedError');
    // Step 8. If signal is present and steal or ifAvailable is true, reject
    // with a "NotSupportedError".
    if (signal !== undefined && steal) throw new DOMException(failRequest("The 'signal' and 'steal' options cannot be used together."), 'NotSupportedError');
    if (signal !== undefined && ifAvailable) throw new DOMException(failRequest("The 'signal' and 'ifAvailable' options cannot be used together."), 'NotSupportedError');
    // Step 9. If signal is aborted, reject with its abort reason.
    if (signal !== undefined && signal.aborted) return Promise.reject(signal.reason);
    // Step 2 and 10-11. Let promise be a new promise; request a lock with
    // it (https://w3c.github.io/web-locks/#request-a-lock); return it.
    let resolve, reject;
    const promise = new Promise((a, b) => { resolve = a; reject = b; });
    const request = { name, mode, callback, resolve, reject, signal, settled: false };
    const id = host.locksRequest(name, clientIdOf(), mode === 'exclusive', steal, ifAvailable);
    lockRequests.set(id, request);
    // Step 5 of request a lock: signal's abort steps abort the request
    // (still queued: it goes) and reject promise with the abort reason.
    if (signal !== undefined) {
      web.signals.state(signal).algorithms.push(() => {
        if (host.locksAbort(id)) {
          lockRequests.delete(id);
          reject(signal.reason);
        }
      });
    }
    return promise;
  }
  // The web locks task for request `id`: granted (1), not available (2) or
  // its lock stolen (3).
  function deliverLock(id, kind) {
    const request = lockRequests.get(id);
    if (request === undefined) return;
    if (kind === 3) {
      // https://w3c.github.io/web-locks/#request-a-lock Step 6.4: the
      // stolen lock's released promise rejects with an AbortError.
      lockRequests.delete(id);
      request.stolen = true;
      request.reject(new DOMException("Lock broken by another request with the 'steal' option.", 'AbortError'));
      return;
    }
    if (kind === 2) {
      // Step 6.5: the callback invoked with null; promise resolved with its result.
      lockRequests.delete(id);
      request.resolve(invokeLockCallback(request.callback, null));
      return;
    }
    // https://w3c.github.io/web-locks/#process-the-lock-request-queue Step
    // 1.7: invoke the callback with a new Lock; waiting resolved with its
    // result; when waiting settles, the lock is released and promise settled.
    const waiting = invokeLockCallback(request.callback, newLock(request.name, request.mode));
    then.call(waiting, (v) => {
      lockRequests.delete(id);
      host.locksRelease(id);
      if (!request.stolen) request.resolve(v);
    }, (e) => {
      lockRequests.delete(id);
      host.locksRelease(id);
      if (!request.stolen) request.reject(e);
    });
  }
  const then = Promise.prototype.then;
  // Web IDL: invoking a callback whose return type is a promise type: its
  // exception a rejected promise, its value a new promise resolved with it.
  function invokeLockCallback(callback, arg) {
    try {
      const r = callback(arg);
      return new Promise((resolve) => resolve(r));
    } catch (e) {
      return Promise.reject(e);
    }
  }
  const locks = Object.create(LockManager.prototype);
  Object.defineProperty(Object.getPrototypeOf(g.navigator), 'locks', { get() { return locks; }, enumerable: true, configurable: true });
  define(g, { Lock, LockManager });

  // ------------------------------------------------------------ inside a worker
  // https://html.spec.whatwg.org/multipage/workers.html#dom-workerglobalscope-importscripts
  function importScripts(urls) {
    // Step 1. If worker global scope's type is "module", throw a TypeError.
    if (host.workerModule) throw new TypeError("Failed to execute 'importScripts' on 'WorkerGlobalScope': Module scripts don't support importScripts().");
    for (const url of urls) host.importScript(String(url));
  }
  // https://html.spec.whatwg.org/multipage/workers.html#dedicatedworkerglobalscope
  let deliverMessage = null;
  if (host.isWorker && host.workerShared) {
    // https://html.spec.whatwg.org/multipage/workers.html#sharedworkerglobalscope
    define(g, {
      // https://html.spec.whatwg.org/multipage/workers.html#dom-sharedworkerglobalscope-close
      close() { host.closeWorker(); },
      importScripts(...urls) { importScripts(urls); },
    });
    // A connect: the only messages a shared worker's global is sent.
    // https://html.spec.whatwg.org/multipage/workers.html#run-a-worker (for
    // a shared worker) Step 7.2. Fire an event named connect at the global,
    // using MessageEvent, with the data attribute the empty string, the
    // ports attribute a new frozen array containing inside port, and the
    // source attribute inside port.
    deliverMessage = (record, buffers) => {
      const [, ports] = deserialize(record, buffers);
      fireTrusted(g, new MessageEvent('connect', { data: '', ports, source: ports[0] }));
    };
  } else if (host.isWorker) {
    define(g, {
      postMessage(message, options = undefined) {
        if (arguments.length === 0) throw new TypeError("Failed to execute 'postMessage' on 'DedicatedWorkerGlobalScope': 1 argument required, but only 0 present.");
        const transfer = options === undefined || options === null ? undefined : typeof options[Symbol.iterator] === 'function' ? options : options.transfer;
        const [record, buffers, ports] = serialize('DedicatedWorkerGlobalScope', message, transfer);
        host.postToParent(record, buffers, ports);
      },
      // https://html.spec.whatwg.org/multipage/workers.html#dom-dedicatedworkerglobalscope-close
      close() { host.closeWorker(); },
      // https://html.spec.whatwg.org/multipage/workers.html#dom-workerglobalscope-importscripts
      importScripts(...urls) { importScripts(urls); },
      // Dedicated workers have animation frames of their own (worker event
      // loop step 6.1).
      requestAnimationFrame(callback) {
        if (typeof callback !== 'function') throw new TypeError("Failed to execute 'requestAnimationFrame' on 'DedicatedWorkerGlobalScope': The callback provided as parameter 1 is not a function.");
        return host.requestAnimationFrame(callback);
      },
      cancelAnimationFrame(handle) { host.cancelAnimationFrame(handle >>> 0); },
    });
    deliverMessage = (record, buffers) => {
      let data, ports;
      try {
        [data, ports] = deserialize(record, buffers);
      } catch (_) {
        fireTrusted(g, new MessageEvent('messageerror'));
        return;
      }
      fireTrusted(g, web.newMessageEvent(data, ports));
    };
  }
  if (host.isWorker) {
    // https://html.spec.whatwg.org/multipage/workers.html#dom-dedicatedworkerglobalscope-name
    // https://html.spec.whatwg.org/multipage/workers.html#dom-sharedworkerglobalscope-name
    // [Replaceable] readonly attribute DOMString name: setting it replaces the property.
    Object.defineProperty(g, 'name', {
      get() { return host.workerName; },
      set(v) { Object.defineProperty(g, 'name', { value: v, writable: true, enumerable: true, configurable: true }); },
      enumerable: true, configurable: true,
    });
  }
  return { deliverWorkerMessage, deliverWorkerError, deliverLoadFailed, deliverMessage, deliverPortMessage: web.deliverPortMessage, deliverBroadcast, deliverLock };
})

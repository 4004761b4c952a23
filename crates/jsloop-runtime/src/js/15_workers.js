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

  // ------------------------------------------------------------ inside a worker
  // https://html.spec.whatwg.org/multipage/workers.html#dedicatedworkerglobalscope
  let deliverMessage = null;
  if (host.isWorker) {
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
      importScripts(...urls) {
        // Step 1. If worker global scope's type is "module", throw a TypeError.
        if (host.workerModule) throw new TypeError("Failed to execute 'importScripts' on 'WorkerGlobalScope': Module scripts don't support importScripts().");
        for (const url of urls) host.importScript(String(url));
      },
      // Dedicated workers have animation frames of their own (worker event
      // loop step 6.1).
      requestAnimationFrame(callback) {
        if (typeof callback !== 'function') throw new TypeError("Failed to execute 'requestAnimationFrame' on 'DedicatedWorkerGlobalScope': The callback provided as parameter 1 is not a function.");
        return host.requestAnimationFrame(callback);
      },
      cancelAnimationFrame(handle) { host.cancelAnimationFrame(handle >>> 0); },
    });
    // https://html.spec.whatwg.org/multipage/workers.html#dom-dedicatedworkerglobalscope-name
    // [Replaceable] readonly attribute DOMString name: setting it replaces the property.
    Object.defineProperty(g, 'name', {
      get() { return host.workerName; },
      set(v) { Object.defineProperty(g, 'name', { value: v, writable: true, enumerable: true, configurable: true }); },
      enumerable: true, configurable: true,
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
  return { deliverWorkerMessage, deliverWorkerError, deliverLoadFailed, deliverMessage, deliverPortMessage: web.deliverPortMessage, deliverBroadcast };
})

// jsloop glue 10: the browser global. Events, timers, messaging, structured
// clone, error reporting. Scheduling lives in Rust (the core); this file only
// converts arguments and calls the host functions.
(function (host, g, con) {
  'use strict';
  const GLUE = /jsloop:glue/;

  // Where the script called us from ("file.js:12:5"), for the trace only.
  function callerOrigin() {
    if (!host.tracing) return undefined;
    const lines = String(new Error().stack).split('\n');
    for (const l of lines) {
      if (!l.trim() || GLUE.test(l)) continue;
      const m = /\(?([^\s()]+:\d+:\d+)\)?\s*$/.exec(l);
      if (m) return m[1];
    }
    return undefined;
  }

  function define(obj, props) {
    for (const k of Object.keys(props)) {
      Object.defineProperty(obj, k, { value: props[k], writable: true, configurable: true, enumerable: false });
    }
  }

  // ---------------------------------------------------------------- DOMException
  // https://webidl.spec.whatwg.org/#idl-DOMException
  const CODES = {
    IndexSizeError: 1, HierarchyRequestError: 3, WrongDocumentError: 4, InvalidCharacterError: 5,
    NoModificationAllowedError: 7, NotFoundError: 8, NotSupportedError: 9, InvalidStateError: 11,
    SyntaxError: 12, InvalidModificationError: 13, NamespaceError: 14, InvalidAccessError: 15,
    TypeMismatchError: 17, SecurityError: 18, NetworkError: 19, AbortError: 20, URLMismatchError: 21,
    QuotaExceededError: 22, TimeoutError: 23, InvalidNodeTypeError: 24, DataCloneError: 25,
  };
  class DOMException extends Error {
    #name; #message;
    constructor(message = '', name = 'Error') {
      super(String(message));
      this.#message = String(message);
      this.#name = String(name);
    }
    get name() { return this.#name; }
    get message() { return this.#message; }
    get code() { return CODES[this.#name] || 0; }
  }
  for (const [n, c] of Object.entries(CODES)) {
    const constName = n.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase().replace(/_ERROR$/, '_ERR');
    Object.defineProperty(DOMException, constName, { value: c, enumerable: true });
  }

  // ---------------------------------------------------------------- Events
  // https://dom.spec.whatwg.org/#interface-event
  const eventState = new WeakMap();
  class Event {
    constructor(type, init = {}) {
      if (arguments.length === 0) throw new TypeError("Failed to construct 'Event': 1 argument required, but only 0 present.");
      eventState.set(this, {
        type: String(type), bubbles: !!init.bubbles, cancelable: !!init.cancelable, composed: !!init.composed,
        target: null, currentTarget: null, eventPhase: 0, canceled: false, stop: false, stopImmediate: false,
        dispatching: false, inPassive: false, isTrusted: false, timeStamp: host.now(),
      });
    }
    get type() { return eventState.get(this).type; }
    get target() { return eventState.get(this).target; }
    get srcElement() { return eventState.get(this).target; }
    get currentTarget() { return eventState.get(this).currentTarget; }
    get eventPhase() { return eventState.get(this).eventPhase; }
    get bubbles() { return eventState.get(this).bubbles; }
    get cancelable() { return eventState.get(this).cancelable; }
    get composed() { return eventState.get(this).composed; }
    get defaultPrevented() { return eventState.get(this).canceled; }
    get returnValue() { return !eventState.get(this).canceled; }
    set returnValue(v) { if (!v) this.preventDefault(); }
    get cancelBubble() { return eventState.get(this).stop; }
    set cancelBubble(v) { if (v) eventState.get(this).stop = true; }
    get isTrusted() { return eventState.get(this).isTrusted; }
    get timeStamp() { return eventState.get(this).timeStamp; }
    composedPath() { const s = eventState.get(this); return s.dispatching && s.currentTarget ? [s.currentTarget] : []; }
    stopPropagation() { eventState.get(this).stop = true; }
    stopImmediatePropagation() { const s = eventState.get(this); s.stop = true; s.stopImmediate = true; }
    preventDefault() { const s = eventState.get(this); if (s.cancelable && !s.inPassive) s.canceled = true; }
  }
  Object.assign(Event, { NONE: 0, CAPTURING_PHASE: 1, AT_TARGET: 2, BUBBLING_PHASE: 3 });

  class CustomEvent extends Event {
    #detail;
    constructor(type, init = {}) { super(type, init); this.#detail = init.detail === undefined ? null : init.detail; }
    get detail() { return this.#detail; }
  }
  class ErrorEvent extends Event {
    #i;
    constructor(type, init = {}) {
      super(type, init);
      this.#i = { message: String(init.message ?? ''), filename: String(init.filename ?? ''), lineno: init.lineno >>> 0, colno: init.colno >>> 0, error: init.error };
    }
    get message() { return this.#i.message; }
    get filename() { return this.#i.filename; }
    get lineno() { return this.#i.lineno; }
    get colno() { return this.#i.colno; }
    get error() { return this.#i.error; }
  }
  class MessageEvent extends Event {
    #i;
    constructor(type, init = {}) {
      super(type, init);
      this.#i = { data: init.data === undefined ? null : init.data, origin: String(init.origin ?? ''), lastEventId: String(init.lastEventId ?? ''), source: init.source ?? null, ports: Object.freeze([...(init.ports || [])]) };
    }
    get data() { return this.#i.data; }
    get origin() { return this.#i.origin; }
    get lastEventId() { return this.#i.lastEventId; }
    get source() { return this.#i.source; }
    get ports() { return this.#i.ports; }
  }
  class PromiseRejectionEvent extends Event {
    #i;
    constructor(type, init) {
      super(type, init);
      if (!init || !('promise' in init)) throw new TypeError("Failed to construct 'PromiseRejectionEvent': Failed to read the 'promise' property from 'PromiseRejectionEventInit': Required member is undefined.");
      this.#i = { promise: init.promise, reason: init.reason };
    }
    get promise() { return this.#i.promise; }
    get reason() { return this.#i.reason; }
  }

  // https://dom.spec.whatwg.org/#interface-eventtarget
  const listenersOf = new WeakMap();
  function listeners(target) {
    let l = listenersOf.get(target);
    if (!l) { l = []; listenersOf.set(target, l); }
    return l;
  }
  function flatten(options) {
    return typeof options === 'boolean' ? { capture: options } : (options || {});
  }
  class EventTarget {
    addEventListener(type, callback, options) {
      // https://dom.spec.whatwg.org/#add-an-event-listener
      if (arguments.length < 2) throw new TypeError(`Failed to execute 'addEventListener' on 'EventTarget': 2 arguments required, but only ${arguments.length} present.`);
      if (callback === null || callback === undefined) return;
      if (typeof callback !== 'function' && typeof callback !== 'object') throw new TypeError("Failed to execute 'addEventListener' on 'EventTarget': The callback provided as parameter 2 is not an object.");
      const o = flatten(options);
      const entry = { type: String(type), callback, capture: !!o.capture, once: !!o.once, passive: !!o.passive, removed: false };
      if (o.signal !== undefined && o.signal !== null && o.signal.aborted) return;
      const list = listeners(this);
      if (list.some((e) => e.type === entry.type && e.callback === callback && e.capture === entry.capture)) return;
      list.push(entry);
      if (o.signal) o.signal.addEventListener('abort', () => this.removeEventListener(entry.type, callback, { capture: entry.capture }));
      addedListener(this, entry.type);
    }
    removeEventListener(type, callback, options) {
      const capture = !!flatten(options).capture;
      const list = listeners(this);
      const i = list.findIndex((e) => e.type === String(type) && e.callback === callback && e.capture === capture);
      if (i >= 0) { list[i].removed = true; list.splice(i, 1); }
    }
    dispatchEvent(event) {
      if (!(event instanceof Event)) throw new TypeError("Failed to execute 'dispatchEvent' on 'EventTarget': parameter 1 is not of type 'Event'.");
      const s = eventState.get(event);
      if (s.dispatching) throw new DOMException("Failed to execute 'dispatchEvent' on 'EventTarget': The event is already being dispatched.", 'InvalidStateError');
      s.isTrusted = false;
      return dispatch(this, event);
    }
  }
  // Hook for targets that react to a listener being added (none yet).
  function addedListener() {}

  // https://dom.spec.whatwg.org/#concept-event-dispatch (targets without a
  // parent: the event is only ever at target). Each listener is called by
  // the host (host.invoke), so when the dispatch came from a task, the stack
  // is empty after each one and microtasks run between listeners.
  function dispatch(target, event) {
    const s = eventState.get(event);
    s.dispatching = true;
    s.target = target;
    s.currentTarget = target;
    s.eventPhase = 2;
    const list = listeners(target).slice();
    for (const phaseCapture of [true, false]) {
      for (const e of list) {
        if (s.stopImmediate) break;
        if (e.type !== s.type || e.capture !== phaseCapture || e.removed) continue;
        if (e.once) target.removeEventListener(e.type, e.callback, { capture: e.capture });
        s.inPassive = e.passive;
        let fn = e.callback, thisArg = target;
        if (typeof fn !== 'function') { thisArg = fn; fn = fn.handleEvent; }
        if (typeof fn === 'function') host.invoke(fn, thisArg, [event]);
        else host.invoke(() => { throw new TypeError("The provided callback is not callable"); }, undefined, []);
        s.inPassive = false;
      }
    }
    s.dispatching = false;
    s.eventPhase = 0;
    s.currentTarget = null;
    s.stop = false;
    s.stopImmediate = false;
    return !s.canceled;
  }

  function fireTrusted(target, event) {
    eventState.get(event).isTrusted = true;
    return dispatch(target, event);
  }

  // https://html.spec.whatwg.org/multipage/webappapis.html#event-handler-attributes
  const handlerOf = new WeakMap();
  function defineEventHandler(proto, name, onFirstSet) {
    const type = name.slice(2);
    Object.defineProperty(proto, name, {
      configurable: true, enumerable: true,
      get() { const h = handlerOf.get(this); return (h && h[name]) || null; },
      set(v) {
        let h = handlerOf.get(this);
        if (!h) { h = {}; handlerOf.set(this, h); }
        const fn = typeof v === 'function' || (typeof v === 'object' && v !== null) ? v : null;
        const first = !(name in h);
        h[name] = fn;
        if (first) {
          const self = this;
          // The event handler's listener, added once at the position of the
          // first non-null assignment.
          EventTarget.prototype.addEventListener.call(this, type, function (event) {
            const cb = handlerOf.get(self)[name];
            if (typeof cb !== 'function') return;
            let ret;
            if (name === 'onerror' && self === g && event instanceof ErrorEvent) {
              ret = cb.call(this, event.message, event.filename, event.lineno, event.colno, event.error);
              if (ret === true) event.preventDefault();
            } else {
              ret = cb.call(this, event);
              if (ret === false) event.preventDefault();
            }
          });
        }
        if (fn && onFirstSet) onFirstSet(this);
      },
    });
  }

  // ---------------------------------------------------------------- the global
  // Window: the global object is an EventTarget.
  const WindowProto = Object.create(EventTarget.prototype);
  Object.setPrototypeOf(g, WindowProto);
  for (const n of ['onerror', 'onunhandledrejection', 'onrejectionhandled', 'onmessage', 'onmessageerror', 'onload', 'onDOMContentLoaded']) defineEventHandler(WindowProto, n);
  define(g, { window: g, self: g, globalThis: g, frames: g });

  // ---------------------------------------------------------------- error reporting
  function location(error) {
    const stack = error && typeof error === 'object' && typeof error.stack === 'string' ? error.stack : '';
    for (const l of stack.split('\n')) {
      if (GLUE.test(l)) continue;
      const m = /\(?([^\s()]+):(\d+):(\d+)\)?\s*$/.exec(l);
      if (m) return { filename: m[1], lineno: +m[2], colno: +m[3] };
    }
    return { filename: host.scriptName, lineno: 0, colno: 0 };
  }
  function describe(v) {
    if (v instanceof Error || (v && typeof v === 'object' && 'stack' in v && 'message' in v)) return con.errorText(v);
    return con.inspect(v);
  }
  // https://html.spec.whatwg.org/multipage/webappapis.html#report-an-exception
  let errorReportingMode = false;
  function reportException(error) {
    const where = location(error);
    const headline = 'Uncaught ' + (error instanceof Error ? String(error.name) + ': ' + String(error.message) : con.inspect(error));
    // Step: if in error reporting mode, report to the console only.
    if (errorReportingMode) { host.uncaught('Uncaught ' + describe(error)); return; }
    errorReportingMode = true;
    let notHandled = true;
    try {
      const ev = new ErrorEvent('error', { cancelable: true, message: headline, filename: where.filename, lineno: where.lineno, colno: where.colno, error });
      notHandled = fireTrusted(g, ev);
    } finally {
      errorReportingMode = false;
    }
    if (notHandled) host.uncaught('Uncaught ' + describe(error));
  }

  // HostPromiseRejectionTracker and "notify about rejected promises".
  // https://html.spec.whatwg.org/multipage/webappapis.html#the-hostpromiserejectiontracker-implementation
  const aboutToBeNotified = [];
  const reasons = new WeakMap();
  const handled = new WeakSet();
  const outstanding = new WeakSet();
  function processRejections(events) {
    for (let i = 0; i < events.length; i += 3) {
      const promise = events[i], reason = events[i + 1], isHandled = events[i + 2];
      if (!isHandled) {
        // operation "reject": append promise to the about-to-be-notified list.
        handled.delete(promise);
        reasons.set(promise, reason);
        aboutToBeNotified.push(promise);
        continue;
      }
      // operation "handle":
      handled.add(promise);
      const at = aboutToBeNotified.indexOf(promise);
      if (at >= 0) { aboutToBeNotified.splice(at, 1); continue; }
      if (!outstanding.has(promise)) continue;
      outstanding.delete(promise);
      host.queueTask('dom-manipulation', 'fire rejectionhandled', () => {
        fireTrusted(g, new PromiseRejectionEvent('rejectionhandled', { promise, reason: reasons.get(promise) }));
      }, undefined);
    }
    // https://html.spec.whatwg.org/multipage/webappapis.html#notify-about-rejected-promises
    // Step 1–3. Let list be a clone of the list; if empty, return; clear it.
    if (aboutToBeNotified.length === 0) return;
    const list = aboutToBeNotified.splice(0);
    // Step 4. Queue a global task on the DOM manipulation task source:
    host.queueTask('dom-manipulation', 'notify about rejected promises (' + list.length + ')', () => {
      for (const p of list) {
        // Step 4.1.1. If p.[[PromiseIsHandled]] is true, continue.
        if (handled.has(p)) continue;
        const reason = reasons.get(p);
        // Step 4.1.2. Fire unhandledrejection, cancelable.
        const notCanceled = fireTrusted(g, new PromiseRejectionEvent('unhandledrejection', { cancelable: true, promise: p, reason }));
        // Step 4.1.3. If notCanceled, report the reason to the console.
        if (notCanceled) host.uncaught('Uncaught (in promise) ' + describe(reason));
        // Step 4.1.4. If still not handled, add p to the outstanding set.
        if (!handled.has(p)) outstanding.add(p);
      }
    }, undefined);
  }

  // ---------------------------------------------------------------- timers
  // https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#dom-settimeout
  function timerHandler(handler) {
    return typeof handler === 'function' ? handler : String(handler);
  }
  define(g, {
    setTimeout(handler, timeout = 0, ...args) {
      return host.setTimer(timerHandler(handler), timeout | 0, false, args, callerOrigin());
    },
    setInterval(handler, timeout = 0, ...args) {
      return host.setTimer(timerHandler(handler), timeout | 0, true, args, callerOrigin());
    },
    clearTimeout(id = 0) { host.clearTimer(id | 0); },
    clearInterval(id = 0) { host.clearTimer(id | 0); },
    // https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#microtask-queuing
    queueMicrotask(callback) {
      if (typeof callback !== 'function') throw new TypeError("Failed to execute 'queueMicrotask' on 'Window': The callback provided as parameter 1 is not a function.");
      const origin = callerOrigin();
      // One job on the engine's job queue: the same FIFO as promise reactions.
      thenWithoutTrace.call(resolved, () => {
        if (host.tracing) host.traceMicrotask('queueMicrotask', origin);
        host.invoke(callback, undefined, []);
      });
    },
    reportError(e) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'reportError' on 'Window': 1 argument required, but only 0 present.");
      reportException(e);
    },
    structuredClone(value, options) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'structuredClone' on 'Window': 1 argument required, but only 0 present.");
      return structuredCloneWithTransfer(value, options && options.transfer);
    },
  });
  const resolved = Promise.resolve();
  const thenWithoutTrace = Promise.prototype.then;

  // With --trace, a handler registered through .then says, as its job
  // starts, that it is a promise reaction and where .then was called.
  if (host.tracing) {
    const wrap = (f, origin) => typeof f !== 'function' ? f : function (v) {
      host.traceMicrotask('promise reaction', origin);
      return f(v);
    };
    Object.defineProperty(Promise.prototype, 'then', {
      configurable: true, writable: true,
      value: function then(onFulfilled, onRejected) {
        const o = callerOrigin();
        return thenWithoutTrace.call(this, wrap(onFulfilled, o), wrap(onRejected, o));
      },
    });
  }

  // ---------------------------------------------------------------- performance, Date
  const performance = Object.create(EventTarget.prototype);
  define(performance, {
    now: () => host.now(),
    toJSON() { return { timeOrigin: host.timeOrigin }; },
  });
  Object.defineProperty(performance, 'timeOrigin', { get: () => host.timeOrigin, enumerable: true });
  define(g, { performance });

  // Date.now() and new Date() follow the loop's clock (virtual or real).
  const RealDate = Date;
  function JsloopDate(...args) {
    if (!new.target) return new RealDate(host.dateNow()).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [host.dateNow()] : args, new.target);
  }
  Object.setPrototypeOf(JsloopDate, RealDate);
  JsloopDate.prototype = RealDate.prototype;
  Object.defineProperty(RealDate.prototype, 'constructor', { value: JsloopDate, writable: true, configurable: true });
  define(JsloopDate, { now: () => host.dateNow(), parse: RealDate.parse, UTC: RealDate.UTC });
  Object.defineProperty(JsloopDate, 'name', { value: 'Date' });
  define(g, { Date: JsloopDate });

  // ---------------------------------------------------------------- structured clone
  // https://html.spec.whatwg.org/multipage/structured-data.html#structuredserializeinternal
  // Serialize and deserialize in one pass: the result shares nothing with the input.
  function dataCloneError(what) {
    return new DOMException(`${what} could not be cloned.`, 'DataCloneError');
  }
  function structuredCloneWithTransfer(value, transfer) {
    const transferList = transfer === undefined || transfer === null ? [] : [...transfer];
    const memory = new Map();
    for (const t of transferList) {
      if (!(t instanceof ArrayBuffer)) throw dataCloneError(`Value at index ${transferList.indexOf(t)} does not have a transferable type and`);
      if (memory.has(t)) throw new DOMException('ArrayBuffer at index ' + transferList.indexOf(t) + ' is a duplicate of an earlier ArrayBuffer. Duplicate ArrayBuffers cannot be transferred.', 'DataCloneError');
      memory.set(t, null);
    }
    for (const t of transferList) memory.set(t, t.transfer());
    return clone(value, memory);
  }
  const TYPED = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array];
  const ERRORS = { Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError };
  function clone(v, memory) {
    const type = typeof v;
    if (type === 'symbol') throw dataCloneError(v.toString());
    if (type === 'function') throw dataCloneError(Function.prototype.toString.call(v).slice(0, 200));
    if (type !== 'object' || v === null) return v;
    if (memory.has(v)) return memory.get(v);
    const t = tag(v);
    let out;
    switch (t) {
      case 'Boolean': out = Object(Boolean.prototype.valueOf.call(v)); break;
      case 'Number': out = Object(Number.prototype.valueOf.call(v)); break;
      case 'String': out = Object(String.prototype.valueOf.call(v)); break;
      case 'BigInt': out = Object(BigInt.prototype.valueOf.call(v)); break;
      case 'Date': out = new RealDate(RealDate.prototype.getTime.call(v)); break;
      case 'RegExp': out = new RegExp(v.source, v.flags); break;
      case 'ArrayBuffer': out = v.slice(0); break;
      case 'DataView': out = new DataView(clone(v.buffer, memory), v.byteOffset, v.byteLength); break;
      case 'Map': { out = new Map(); memory.set(v, out); for (const [k, x] of v) out.set(clone(k, memory), clone(x, memory)); return out; }
      case 'Set': { out = new Set(); memory.set(v, out); for (const x of v) out.add(clone(x, memory)); return out; }
      case 'Error': {
        const C = ERRORS[v.name] || Error;
        out = new C(v.message);
        memory.set(v, out);
        if ('stack' in v) Object.defineProperty(out, 'stack', { value: String(v.stack), writable: true, configurable: true });
        if ('cause' in v) out.cause = clone(v.cause, memory);
        return out;
      }
      case 'Array': {
        out = new Array(v.length);
        memory.set(v, out);
        for (const k of Object.keys(v)) out[k] = clone(v[k], memory);
        return out;
      }
      case 'Object': {
        if (v instanceof DOMException) { out = new DOMException(v.message, v.name); break; }
        if (Object.getPrototypeOf(v) !== Object.prototype && Object.getPrototypeOf(v) !== null && !isPlainish(v)) throw dataCloneError(con.inspect(v));
        out = {};
        memory.set(v, out);
        for (const k of Object.keys(v)) out[k] = clone(v[k], memory);
        return out;
      }
      default: {
        const Typed = TYPED.find((C) => C.name === t);
        if (Typed) { out = new Typed(clone(v.buffer, memory), v.byteOffset, v.length); break; }
        throw dataCloneError(`#<${t}>`);
      }
    }
    memory.set(v, out);
    return out;
  }
  // Class instances serialize as plain objects (their own enumerable data),
  // except platform objects, which are not serializable.
  function isPlainish(v) {
    return !(v instanceof EventTarget) && !(v instanceof Event) && !(v instanceof WeakMap) && !(v instanceof WeakSet) && !(v instanceof Promise) && !(typeof WeakRef === 'function' && v instanceof WeakRef);
  }
  function tag(v) { return Object.prototype.toString.call(v).slice(8, -1); }

  // ---------------------------------------------------------------- MessageChannel
  // https://html.spec.whatwg.org/multipage/web-messaging.html#message-ports
  const portState = new WeakMap();
  let constructingPort = false;
  class MessagePort extends EventTarget {
    constructor() {
      super();
      if (!constructingPort) throw new TypeError('Illegal constructor');
      portState.set(this, { entangled: null, queue: [], enabled: false, closed: false });
    }
    // https://html.spec.whatwg.org/multipage/web-messaging.html#message-port-post-message-steps
    postMessage(message, options) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'postMessage' on 'MessagePort': 1 argument required, but only 0 present.");
      const transfer = Array.isArray(options) ? options : options && options.transfer;
      const s = portState.get(this);
      // Step 1. Let targetPort be the port with which this is entangled, if any.
      const targetPort = s.entangled;
      // Step 4–5. Let serializeWithTransferResult be StructuredSerializeWithTransfer(message, transfer). Rethrow.
      const data = structuredCloneWithTransfer(message, transfer);
      // Step 6. If targetPort is null, then return.
      if (targetPort === null) return;
      // Step 7. Add a task that runs the following steps to the port message queue of targetPort.
      enqueuePortMessage(targetPort, data, callerOrigin());
    }
    // https://html.spec.whatwg.org/multipage/web-messaging.html#dom-messageport-start
    start() { enablePort(this); }
    // https://html.spec.whatwg.org/multipage/web-messaging.html#dom-messageport-close
    close() {
      const s = portState.get(this);
      s.closed = true;
      if (s.entangled) { portState.get(s.entangled).entangled = null; s.entangled = null; }
    }
  }
  // Setting onmessage implicitly calls start().
  defineEventHandler(MessagePort.prototype, 'onmessage', (port) => enablePort(port));
  defineEventHandler(MessagePort.prototype, 'onmessageerror');
  defineEventHandler(MessagePort.prototype, 'onclose');

  function enqueuePortMessage(port, data, origin) {
    const s = portState.get(port);
    s.queue.push([data, origin]);
    if (s.enabled) flushPort(port);
  }
  function enablePort(port) {
    const s = portState.get(port);
    if (s.enabled) return;
    s.enabled = true;
    flushPort(port);
  }
  // A port message queue that is enabled hands each message to the event
  // loop as a task on the posted message task source.
  function flushPort(port) {
    const s = portState.get(port);
    for (const [data, origin] of s.queue.splice(0)) {
      host.queueTask('posted-message', 'MessagePort message', () => {
        fireTrusted(port, new MessageEvent('message', { data }));
      }, origin);
    }
  }
  class MessageChannel {
    #port1; #port2;
    constructor() {
      constructingPort = true;
      try { this.#port1 = new MessagePort(); this.#port2 = new MessagePort(); } finally { constructingPort = false; }
      portState.get(this.#port1).entangled = this.#port2;
      portState.get(this.#port2).entangled = this.#port1;
    }
    get port1() { return this.#port1; }
    get port2() { return this.#port2; }
  }

  // https://html.spec.whatwg.org/multipage/web-messaging.html#dom-window-postmessage
  define(g, {
    postMessage(message, targetOrigin, transfer) {
      if (arguments.length === 0) throw new TypeError("Failed to execute 'postMessage' on 'Window': 1 argument required, but only 0 present.");
      let options = {};
      if (typeof targetOrigin === 'object' && targetOrigin !== null) options = targetOrigin;
      else options = { targetOrigin: targetOrigin === undefined ? '/' : String(targetOrigin), transfer };
      const to = options.targetOrigin === undefined ? '/' : String(options.targetOrigin);
      // Step: "*" and "/" match; anything else must parse as a URL, and this
      // page's origin is opaque ("null"), which no parsed origin matches.
      let deliver = to === '*' || to === '/';
      if (!deliver && !/^[a-zA-Z][a-zA-Z\d+.-]*:/.test(to)) {
        throw new DOMException(`Failed to execute 'postMessage' on 'Window': Invalid target origin '${to}' in a call to 'postMessage'.`, 'SyntaxError');
      }
      const data = structuredCloneWithTransfer(message, options.transfer);
      if (!deliver) return;
      host.queueTask('posted-message', 'window.postMessage', () => {
        fireTrusted(g, new MessageEvent('message', { data, origin: 'null', source: g }));
      }, callerOrigin());
    },
  });

  define(g, { Event, CustomEvent, ErrorEvent, MessageEvent, PromiseRejectionEvent, EventTarget, DOMException, MessageChannel, MessagePort });
  return { reportException, processRejections };
})

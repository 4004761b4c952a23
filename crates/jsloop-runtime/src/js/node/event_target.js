// jsloop node glue: Node's globals EventTarget, Event, CustomEvent,
// AbortController and AbortSignal (DOM Standard §2 "Events" and §3.1
// "Interface AbortController"/"AbortSignal", as Node 24 has them in
// lib/internal/event_target.js and lib/internal/abort_controller.js).
// Dispatch is synchronous; a listener that throws does not stop the others:
// its error is thrown again on the next tick (an uncaught exception), as in
// Node. AbortSignal.timeout uses an unref'd timer, so it does not keep the
// process alive.
// internals: { nextTick, nodeError, invalidArgType, emitWarning, global }
(function (internals) {
  'use strict';
  const g = internals.global;
  const nextTick = internals.nextTick;
  const E = (Base, code, message) => internals.nodeError(Base, code, message);
  const missingArgs = (...names) => {
    const wrap = (a) => `"${a}"`;
    let msg = 'The ';
    if (names.length === 1) msg += `${wrap(names[0])} argument`;
    else if (names.length === 2) msg += `${wrap(names[0])} and ${wrap(names[1])} arguments`;
    else msg += `${names.slice(0, -1).map(wrap).join(', ')}, and ${wrap(names[names.length - 1])} arguments`;
    return E(TypeError, 'ERR_MISSING_ARGS', `${msg} must be specified`);
  };
  const invalidThis = (type) => E(TypeError, 'ERR_INVALID_THIS', `Value of "this" must be of type ${type}`);
  // Web IDL's DOMString (Node's webidl.converters.DOMString): a symbol
  // throws its words.
  const domString = (v) => {
    if (typeof v === 'symbol') throw new TypeError('Value is a Symbol and cannot be converted to a string.');
    return `${v}`;
  };
  const kTrustEvent = Symbol('kTrustEvent');
  // (Node's kType: an event's type is an own symbol-keyed property, which
  // Object.getOwnPropertySymbols shows first.)
  const kType = Symbol('type');
  const kTarget = Symbol('kTarget');
  const kStop = Symbol('kStop');
  const kDispatching = Symbol('kIsBeingDispatched');
  const kInPassive = Symbol('kInPassiveListener');
  const kEvents = Symbol('kEvents');
  const kDetail = Symbol('detail');
  const kResistStopPropagation = Symbol('kResistStopPropagation');
  const kDontThrow = Symbol('kDontThrowSymbol');
  const kAborted = Symbol('kAborted');
  const kReason = Symbol('kReason');
  const kDependants = Symbol('kDependantSignals');
  const trusted = new WeakSet();
  const inspectSymbol = Symbol.for('nodejs.util.inspect.custom');
  // (Node's Event reads its own clock (lib/internal/perf/utils.js's now()),
  // never the global performance object, which a program may replace: the
  // host's, which node/port_fire.rs reads too.)
  const timeOrigin = internals.host.now;
  const { nodeEventState } = internals.host;

  // ---------------------------------------------------------------- Event
  const CANCELABLE = 0, BUBBLES = 1, COMPOSED = 2, DEFAULT_PREVENTED = 3, TIMESTAMP = 4, PROPAGATION_STOPPED = 5;
  // (An event's private state is one array in one private field, not a
  // field each, as Node's: each field is a property an event adds to its
  // shape when made, and a MessagePort makes an event per message. Its own
  // properties are Node's: kType, kTarget, kIsBeingDispatched,
  // kInPassiveListener, in that order.)
  class Event {
    // [cancelable, bubbles, composed, defaultPrevented, timestamp, propagationStopped]
    #s = [false, false, false, false, timeOrigin(), false];

    constructor(type, options = undefined) {
      if (arguments.length === 0) throw missingArgs('type');
      if (options != null && typeof options !== 'object' && typeof options !== 'function') {
        throw internals.invalidArgType('options', 'Object', options);
      }
      this.#s[BUBBLES] = !!options?.bubbles;
      this.#s[CANCELABLE] = !!options?.cancelable;
      this.#s[COMPOSED] = !!options?.composed;
      this[kType] = `${type}`;
      if (options?.[kTrustEvent]) trusted.add(this);
      this[kTarget] = null;
      this[kDispatching] = false;
      this[kInPassive] = false;
    }
    // Node's isEvent: `typeof value?.[kType] === 'string'`, read through
    // the prototype chain (an object made with Object.create(event) passes).
    static #check(self) {
      if (typeof self?.[kType] !== 'string') throw invalidThis('Event');
    }
    // The state array: a port's MessageEvent the host made
    // (node/message_event.rs) has its state in Rust until read, and then
    // host.nodeEventState(event, 0) is this array; an object that has
    // neither (one that passed #check through its prototype) throws what
    // V8 throws for Node's private field `name`, read or written.
    static #of(self, name, write = false) {
      if (self !== null && (typeof self === 'object' || typeof self === 'function')) {
        if (#s in self) return self.#s;
        const s = nodeEventState(self, 0);
        if (s) return s;
      }
      throw new TypeError(write
        ? `Cannot write private member #${name} to an object whose class did not declare it`
        : `Cannot read private member #${name} from an object whose class did not declare it`);
    }
    initEvent(type, bubbles = false, cancelable = false) {
      if (arguments.length === 0) throw missingArgs('type');
      if (this[kDispatching]) return;
      this[kType] = `${type}`;
      const s = Event.#of(this, 'bubbles', true);
      s[BUBBLES] = !!bubbles;
      s[CANCELABLE] = !!cancelable;
    }
    stopImmediatePropagation() {
      Event.#check(this);
      // Step 1-2. Set the stop propagation and stop immediate propagation
      // flags (Node: by calling this.stopPropagation()).
      this.stopPropagation();
      this[kStop] = true;
    }
    preventDefault() {
      Event.#check(this);
      const s = Event.#of(this, 'cancelable');
      if (!s[CANCELABLE] || this[kInPassive]) return;
      s[DEFAULT_PREVENTED] = true;
    }
    get target() { Event.#check(this); return this[kTarget]; }
    get currentTarget() { Event.#check(this); return this[kDispatching] ? this[kTarget] : null; }
    get srcElement() { Event.#check(this); return this[kTarget]; }
    get type() { Event.#check(this); return this[kType]; }
    get cancelable() { Event.#check(this); return Event.#of(this, 'cancelable')[CANCELABLE]; }
    get defaultPrevented() { Event.#check(this); const s = Event.#of(this, 'cancelable'); return s[CANCELABLE] && s[DEFAULT_PREVENTED]; }
    get timeStamp() { Event.#check(this); return Event.#of(this, 'timestamp')[TIMESTAMP]; }
    composedPath() { Event.#check(this); return this[kDispatching] ? [this[kTarget]] : []; }
    get returnValue() { Event.#check(this); const s = Event.#of(this, 'cancelable'); return !s[CANCELABLE] || !s[DEFAULT_PREVENTED]; }
    set returnValue(value) {
      Event.#check(this);
      if (!value) {
        const s = Event.#of(this, 'cancelable');
        if (!s[CANCELABLE] || this[kInPassive]) return;
        s[DEFAULT_PREVENTED] = true;
      }
    }
    get bubbles() { Event.#check(this); return Event.#of(this, 'bubbles')[BUBBLES]; }
    get composed() { Event.#check(this); return Event.#of(this, 'composed')[COMPOSED]; }
    get eventPhase() { Event.#check(this); return this[kDispatching] ? Event.AT_TARGET : Event.NONE; }
    get cancelBubble() { Event.#check(this); return Event.#of(this, 'propagationStopped')[PROPAGATION_STOPPED]; }
    set cancelBubble(value) { Event.#check(this); if (value) Event.#of(this, 'propagationStopped', true)[PROPAGATION_STOPPED] = true; }
    stopPropagation() { Event.#check(this); Event.#of(this, 'propagationStopped', true)[PROPAGATION_STOPPED] = true; }
    [inspectSymbol](depth, options) {
      Event.#check(this);
      const name = this.constructor.name;
      if (depth < 0) return name;
      const inspect = internals.require('util').inspect;
      const opts = { ...options, depth: Number.isInteger(options?.depth) ? options.depth - 1 : options?.depth };
      const type = this[kType];
      return `${name} ${inspect({
        type,
        defaultPrevented: Event.#of(this, 'defaultPrevented')[DEFAULT_PREVENTED],
        cancelable: Event.#of(this, 'cancelable')[CANCELABLE],
        timeStamp: Event.#of(this, 'timestamp')[TIMESTAMP],
      }, opts)}`;
    }
  }
  const enumerable = { enumerable: true };
  for (const name of ['initEvent', 'stopImmediatePropagation', 'preventDefault', 'target', 'currentTarget', 'srcElement',
    'type', 'cancelable', 'defaultPrevented', 'timeStamp', 'composedPath', 'returnValue', 'bubbles', 'composed',
    'eventPhase', 'cancelBubble', 'stopPropagation']) {
    Object.defineProperty(Event.prototype, name, enumerable);
  }
  Object.defineProperty(Event.prototype, Symbol.toStringTag, { value: 'Event', configurable: true });
  Object.defineProperty(Event.prototype, 'isTrusted', {
    get() { return trusted.has(this); },
    enumerable: true,
    configurable: false,
  });
  ['NONE', 'CAPTURING_PHASE', 'AT_TARGET', 'BUBBLING_PHASE'].forEach((name, value) => {
    Object.defineProperty(Event, name, { value, enumerable: true, writable: false, configurable: false });
  });

  class CustomEvent extends Event {
    constructor(type, options = {}) {
      if (arguments.length === 0) throw missingArgs('type');
      super(type, options);
      this[kDetail] = options?.detail ?? null;
    }
    // (Node's isCustomEvent: isEvent, and kDetail not undefined, both read
    // through the prototype chain.)
    get detail() {
      if (typeof this?.[kType] !== 'string' || this?.[kDetail] === undefined) throw invalidThis('CustomEvent');
      return this[kDetail];
    }
  }
  Object.defineProperty(CustomEvent.prototype, Symbol.toStringTag, { value: 'CustomEvent', configurable: true });
  Object.defineProperty(CustomEvent.prototype, 'detail', enumerable);

  // ---------------------------------------------------------------- EventTarget
  // A MessagePort (44_worker_threads.js) is an EventTarget too (Node's
  // MessagePort.prototype inherits from NodeEventTarget.prototype and
  // EventTarget.prototype: lib/internal/worker/io.js), whose listener lists
  // are its own: these methods check their arguments as for any target and
  // hand a port's listeners to its hooks ({ is, add, remove, dispatch },
  // set by setPortTargets when worker_threads' glue is first read).
  let portTargets = null;
  // Listeners per type, in the order added; a listener is (callback, capture).
  class EventTarget {
    constructor() {
      this[kEvents] = new Map();
    }
    addEventListener(type, listener, options = undefined) {
      const port = !(this && this[kEvents] instanceof Map) && portTargets !== null && portTargets.is(this);
      if (!port && !(this && this[kEvents] instanceof Map)) throw invalidThis('EventTarget');
      if (arguments.length < 2) throw missingArgs('type', 'listener');
      let once = false;
      let capture = false;
      let passive = false;
      let resist = false;
      if (options !== undefined) {
        if (typeof options === 'boolean') capture = options;
        else if (options !== null) {
          if (typeof options !== 'object' && typeof options !== 'function') {
            throw internals.invalidArgType('options', 'Object', options);
          }
          once = Boolean(options.once);
          capture = Boolean(options.capture);
          passive = Boolean(options.passive);
          resist = Boolean(options[kResistStopPropagation]);
          const signal = options.signal;
          if (signal !== undefined && (signal === null || typeof signal !== 'object' || !('aborted' in signal))) {
            throw internals.invalidArgType('options.signal', 'AbortSignal', signal);
          }
          if (signal) {
            // Step 1 of "add an event listener": an aborted signal adds nothing.
            if (signal.aborted) return;
            signal.addEventListener('abort', () => {
              this.removeEventListener(type, listener, options);
            }, { once: true, [kResistStopPropagation]: true });
          }
        }
      }
      if (!validListener(listener)) {
        const w = new Error(`addEventListener called with ${listener} which has no effect.`);
        w.name = 'AddEventListenerArgumentTypeWarning';
        w.target = this;
        w.type = type;
        internals.emitWarning(w);
        return;
      }
      type = domString(type);
      if (port) { portTargets.add(this, type, listener, once, capture); return; }
      let list = this[kEvents].get(type);
      if (!list) this[kEvents].set(type, list = []);
      // A duplicate (same callback and capture) is ignored.
      if (list.some((l) => !l.removed && l.callback === listener && l.capture === capture)) return;
      list.push({ callback: listener, capture, once, passive, resist, removed: false });
    }
    removeEventListener(type, listener, options = undefined) {
      const port = !(this && this[kEvents] instanceof Map) && portTargets !== null && portTargets.is(this);
      if (!port && !(this && this[kEvents] instanceof Map)) throw invalidThis('EventTarget');
      if (arguments.length < 2) throw missingArgs('type', 'listener');
      if (!validListener(listener)) return;
      type = domString(type);
      const capture = typeof options === 'boolean' ? options : options?.capture === true;
      if (port) { portTargets.remove(this, type, listener, capture); return; }
      const list = this[kEvents].get(type);
      if (!list) return;
      const i = list.findIndex((l) => !l.removed && l.callback === listener && l.capture === capture);
      if (i < 0) return;
      list[i].removed = true;
      list.splice(i, 1);
      if (list.length === 0) this[kEvents].delete(type);
    }
    dispatchEvent(event) {
      const port = !(this && this[kEvents] instanceof Map) && portTargets !== null && portTargets.is(this);
      if (!port && !(this && this[kEvents] instanceof Map)) throw invalidThis('EventTarget');
      if (arguments.length < 1) throw missingArgs('event');
      if (!(event instanceof Event)) throw internals.invalidArgType('event', 'Event', event);
      if (event[kDispatching]) {
        throw E(Error, 'ERR_EVENT_RECURSION', `The event "${event.type}" is already being dispatched`);
      }
      // (A port's kHybridDispatch(event, event.type, event): its listeners
      // added with on() get the event as their value.)
      if (port) {
        portTargets.dispatch(this, event);
        return event.defaultPrevented !== true;
      }
      event[kTarget] = this;
      event[kDispatching] = true;
      const list = this[kEvents].get(event.type);
      if (list) {
        const resistAny = list.some((l) => l.resist);
        // Node's listeners are a linked list whose next entry is read before
        // each listener is called: one added by a listener that is not the
        // last is called in this dispatch too (after those there were).
        const handlers = list.slice();
        for (let i = 0; i < handlers.length; i++) {
          const handler = handlers[i];
          const last = i === handlers.length - 1;
          if (!(resistAny || handler.passive || event[kStop] !== true)) break;
          if (handler.removed || (event[kStop] === true && !handler.resist)) continue;
          if (handler.once) this.removeEventListener(event.type, handler.callback, { capture: handler.capture });
          try {
            if (handler.passive) event[kInPassive] = true;
            const cb = handler.callback;
            let result;
            if (typeof cb === 'function') result = cb.call(this, event);
            else if (cb && typeof cb.handleEvent === 'function') result = cb.handleEvent(event);
            else throw internals.invalidArgType('listener.handleEvent', 'Function', cb?.handleEvent);
            // (Node marks the event as no longer being dispatched after each listener.)
            event[kDispatching] = false;
            // A listener's rejected promise is an uncaught exception too.
            if (result !== undefined && result !== null && typeof result.then === 'function') {
              result.then(undefined, (err) => nextTick(() => { throw err; }));
            }
          } catch (err) {
            nextTick(() => { throw err; });
          } finally {
            event[kInPassive] = false;
          }
          if (!last) {
            for (const l of this[kEvents].get(event.type) || []) if (!handlers.includes(l)) handlers.push(l);
          }
        }
      }
      event[kDispatching] = false;
      return event.defaultPrevented !== true;
    }
    [inspectSymbol](depth, options) {
      const name = this.constructor.name;
      if (depth < 0) return name;
      const inspect = internals.require('util').inspect;
      return `${name} ${inspect({}, { ...options, depth: Number.isInteger(options?.depth) ? options.depth - 1 : options?.depth })}`;
    }
  }
  function validListener(listener) {
    if (typeof listener === 'function' || typeof listener?.handleEvent === 'function') return true;
    if (listener == null) return false;
    if (typeof listener === 'object') return true;
    throw internals.invalidArgType('listener', 'EventListener', listener);
  }
  for (const name of ['addEventListener', 'removeEventListener', 'dispatchEvent']) {
    Object.defineProperty(EventTarget.prototype, name, enumerable);
  }
  Object.defineProperty(EventTarget.prototype, Symbol.toStringTag, { value: 'EventTarget', configurable: true });

  // An `on<event>` attribute: one listener slot kept in the listener list.
  function defineEventHandler(proto, name) {
    const kHandler = Symbol(`on${name}`);
    Object.defineProperty(proto, `on${name}`, {
      get() { return this[kHandler]?.handler ?? null; },
      set(value) {
        if (this[kHandler]) {
          this.removeEventListener(name, this[kHandler]);
          this[kHandler] = undefined;
        }
        if (typeof value === 'function' || (typeof value === 'object' && value !== null)) {
          const wrapped = function (event) {
            if (typeof wrapped.handler === 'function') return wrapped.handler.call(this, event);
            return wrapped.handler.handleEvent(event);
          };
          wrapped.handler = value;
          this[kHandler] = wrapped;
          this.addEventListener(name, wrapped);
        }
      },
      enumerable: true,
      configurable: true,
    });
  }

  // ---------------------------------------------------------------- AbortSignal
  class AbortSignal extends EventTarget {
    constructor(dontThrow = undefined, init = {}) {
      if (dontThrow !== kDontThrow) throw E(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
      super();
      this[kAborted] = !!init.aborted;
      this[kReason] = init.reason;
    }
    get aborted() { checkSignal(this); return !!this[kAborted]; }
    get reason() { checkSignal(this); return this[kReason]; }
    throwIfAborted() {
      checkSignal(this);
      if (this[kAborted]) throw this[kReason];
    }
    [inspectSymbol](depth, options) {
      return customInspect(this, { aborted: this.aborted }, depth, options);
    }
    // AbortSignal.abort(reason): a signal that is aborted already.
    static abort(reason = new g.DOMException('This operation was aborted', 'AbortError')) {
      return new AbortSignal(kDontThrow, { aborted: true, reason });
    }
    // AbortSignal.timeout(ms): aborted with a "TimeoutError" after ms, on an
    // unref'd timer.
    static timeout(delay) {
      if (typeof delay !== 'number') throw internals.invalidArgType('delay', 'number', delay);
      internals.validateInteger(delay, 'delay', 0, 4294967295);
      const signal = new AbortSignal(kDontThrow);
      const timer = g.setTimeout(() => {
        abortSignal(signal, new g.DOMException('The operation was aborted due to timeout', 'TimeoutError'));
      }, delay);
      if (timer && typeof timer.unref === 'function') timer.unref();
      return signal;
    }
    // AbortSignal.any(signals): aborted when the first of them is.
    static any(signals) {
      if (signals == null || typeof signals[Symbol.iterator] !== 'function') {
        throw internals.invalidArgType('signals', 'AbortSignal[]', signals);
      }
      const list = [...signals];
      list.forEach((s, i) => {
        if (!(s instanceof AbortSignal)) throw internals.invalidArgType(`signals[${i}]`, 'AbortSignal', s);
      });
      const result = new AbortSignal(kDontThrow);
      for (const s of list) {
        if (s[kAborted]) {
          result[kAborted] = true;
          result[kReason] = s[kReason];
          return result;
        }
      }
      for (const s of list) {
        (s[kDependants] ??= []).push(result);
      }
      return result;
    }
  }
  function checkSignal(obj) {
    if (obj?.[kAborted] === undefined) throw invalidThis('AbortSignal');
  }
  Object.defineProperty(AbortSignal.prototype, 'aborted', enumerable);
  Object.defineProperty(AbortSignal.prototype, Symbol.toStringTag, { value: 'AbortSignal', configurable: true });
  defineEventHandler(AbortSignal.prototype, 'abort');

  function customInspect(self, obj, depth, options) {
    if (depth < 0) return self;
    const inspect = internals.require('util').inspect;
    const opts = { ...options, depth: options?.depth === null ? null : (options?.depth ?? 2) - 1 };
    return `${self.constructor.name} ${inspect(obj, opts)}`;
  }

  // DOM §3.1.3 "signal abort".
  function abortSignal(signal, reason) {
    // Step 1. If signal is aborted, then return.
    if (signal[kAborted]) return;
    // Step 2. Set signal's abort reason.
    signal[kAborted] = true;
    signal[kReason] = reason;
    // Step 3-4. The dependent signals not yet aborted take the same reason.
    const dependents = [];
    for (const d of signal[kDependants] || []) {
      if (!d[kAborted]) {
        d[kAborted] = true;
        d[kReason] = reason;
        dependents.push(d);
      }
    }
    // Step 5. Run the abort steps for signal: fire an event named abort.
    signal.dispatchEvent(new Event('abort', { [kTrustEvent]: true }));
    // Step 6. Then for each dependent signal.
    for (const d of dependents) d.dispatchEvent(new Event('abort', { [kTrustEvent]: true }));
  }

  class AbortController {
    #signal;
    get signal() {
      this.#signal ??= new AbortSignal(kDontThrow);
      return this.#signal;
    }
    abort(reason = new g.DOMException('This operation was aborted', 'AbortError')) {
      abortSignal(this.#signal ??= new AbortSignal(kDontThrow), reason);
    }
    [inspectSymbol](depth, options) {
      return customInspect(this, { signal: this.signal }, depth, options);
    }
  }
  Object.defineProperty(AbortController.prototype, 'signal', enumerable);
  Object.defineProperty(AbortController.prototype, 'abort', enumerable);
  Object.defineProperty(AbortController.prototype, Symbol.toStringTag, { value: 'AbortController', configurable: true });

  // The listeners an EventTarget has for a type, for events.getEventListeners().
  const listenersOf = (target, type) => (target[kEvents].get(`${type}`) || []).filter((l) => !l.removed).map((l) => l.callback);
  // An event a host object dispatches itself (a MessagePort's message,
  // 44_worker_threads.js): its target, and whether it is being dispatched
  // (Node's kIsBeingDispatched, which the dispatch clears after each
  // listener).
  const setDispatching = (event, target, dispatching) => {
    event[kTarget] = target;
    event[kDispatching] = dispatching;
  };
  // (kType, kTarget, kDispatching and kInPassive: node/port_fire.rs makes
  // a port's MessageEvent with them.)
  // (Whether an event's immediate propagation was stopped: a port's
  // dispatch stops there, as kHybridDispatch does.)
  const stopped = (event) => event[kStop] === true;
  const setPortTargets = (hooks) => { portTargets = hooks; };
  return { Event, CustomEvent, EventTarget, AbortController, AbortSignal, kResistStopPropagation, listenersOf, setDispatching, kType, kTarget, kDispatching, kInPassive, stopped, setPortTargets };
})

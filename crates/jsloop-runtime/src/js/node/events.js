// jsloop node glue: the `events` module — EventEmitter and the helpers
// around it (once, on, getEventListeners, getMaxListeners, setMaxListeners,
// listenerCount, addAbortListener, errorMonitor, captureRejections).
//
// Written for jsloop from Node's documentation of the module
// (https://nodejs.org/api/events.html) and from what Node 24 does. The
// documented, observable layout is kept: listeners live in `_events` (an
// object without prototype; one listener is stored as the function itself,
// more as an array), `_eventsCount` counts the names that have listeners
// and `_maxListeners` is the per-emitter limit. Node 24 marks each listener
// array with a `Symbol(events.emitting)` count: while an emit walks an
// array, adding or removing listeners of that name replaces the array
// instead of changing it, so the emit calls exactly the listeners it began
// with.
//
// internals: { require('util'), nextTick(fn, ...args), emitWarning(warning),
// nodeError, invalidArgType, outOfRange, validateNumber, eventTargets?() ->
// the EventTarget module's exports (for EventTargets and AbortSignals) }
(function (internals) {
  'use strict';
  const noteReceiver = internals.noteReceiver;
  let utilModule = null;
  const inspect = (value, options) => (utilModule ??= internals.require('util')).inspect(value, options);
  const { nodeError, invalidArgType, validateNumber } = internals;

  const kCapture = Symbol('kCapture');
  const kShapeMode = Symbol('shapeMode');
  const kEmitting = Symbol('events.emitting');
  const errorMonitor = Symbol('events.errorMonitor');
  const kMaxEventTargetListeners = Symbol('events.maxEventTargetListeners');
  const kMaxEventTargetListenersWarned = Symbol('events.maxEventTargetListenersWarned');
  // Symbol.for('nodejs.rejection'): the method a captureRejections emitter
  // may have to take rejections itself.
  const captureRejectionSymbol = Symbol.for('nodejs.rejection');

  let defaultMaxListeners = 10;

  function requireListener(listener) {
    if (typeof listener !== 'function') throw invalidArgType('listener', 'Function', listener);
  }
  function requireBoolean(value, name) {
    if (typeof value !== 'boolean') throw invalidArgType(name, 'boolean', value);
  }
  // The DOM EventTarget side (node/event_target.js), when it is there.
  const eventTargetModule = () => (typeof internals.eventTargets === 'function' ? internals.eventTargets() : null);
  function isEventTarget(value) {
    const mod = eventTargetModule();
    return !!mod && value instanceof mod.EventTarget;
  }

  // ------------------------------------------------------------ listener lists

  function newList(listeners) {
    listeners[kEmitting] = 0;
    return listeners;
  }
  // The list to change: the stored one, or a copy while an emit walks it.
  function writableList(events, type) {
    const list = events[type];
    if (list[kEmitting] > 0) return (events[type] = newList(list.slice()));
    return list;
  }

  // A once() listener is called through a wrapper that removes itself
  // first; the wrapper's `listener` property is the listener given.
  function onceWrapper(target, type, listener) {
    let fired = false;
    const wrapper = function (...args) {
      if (fired) return undefined;
      fired = true;
      target.removeListener(type, wrapper);
      return listener.apply(target, args);
    };
    // (Its name is 'wrapper', from the binding.)
    wrapper.listener = listener;
    return wrapper;
  }

  function maxListenersOf(emitter) {
    return typeof emitter._maxListeners === 'undefined' ? defaultMaxListeners : emitter._maxListeners;
  }

  // emitter.on / prependListener / once / prependOnceListener: 'newListener'
  // first (with the listener as given), then the listener at the end or at
  // the start of the list, then the MaxListenersExceededWarning, once per
  // list, when the list outgrows the limit.
  function addListener(emitter, type, listener, atStart) {
    let events = emitter._events;
    if (typeof events === 'undefined') {
      events = emitter._events = { __proto__: null };
      emitter._eventsCount = 0;
    } else if (typeof events.newListener !== 'undefined') {
      emitter.emit('newListener', type, listener.listener ?? listener);
      events = emitter._events;
    }
    const existing = events[type];
    if (typeof existing === 'undefined') {
      events[type] = listener;
      emitter._eventsCount++;
      return emitter;
    }
    return addToExisting(emitter, events, type, existing, listener, atStart);
  }
  // addListener's steps when the type has a listener already (the host's
  // addListener comes here then too: node/listeners.rs).
  function addToExisting(emitter, events, type, existing, listener, atStart) {
    let list;
    if (typeof existing === 'function') {
      list = events[type] = newList(atStart ? [listener, existing] : [existing, listener]);
    } else {
      list = writableList(events, type);
      if (atStart) list.unshift(listener);
      else list.push(listener);
    }
    const max = maxListenersOf(emitter);
    if (max > 0 && list.length > max && !list.warned) {
      list.warned = true;
      const warning = new Error(`Possible EventEmitter memory leak detected. ${list.length} ${String(type)} listeners ` +
        `added to ${inspect(emitter, { depth: -1 })}. MaxListeners is ${max}. Use emitter.setMaxListeners() to increase limit`);
      warning.name = 'MaxListenersExceededWarning';
      warning.emitter = emitter;
      warning.type = type;
      warning.count = list.length;
      internals.emitWarning(warning);
    }
    return emitter;
  }

  // ------------------------------------------------------------ EventEmitter

  // A plain function (not a class): subclasses written the old way call
  // EventEmitter.call(this, options).
  function EventEmitter(options) {
    EventEmitter.init.call(this, options);
  }

  const proto = EventEmitter.prototype;
  proto._events = undefined;
  proto._eventsCount = 0;
  proto._maxListeners = undefined;
  Object.defineProperty(proto, kCapture, { value: false, writable: true, enumerable: false, configurable: true });
  Object.defineProperty(proto, kShapeMode, { value: false, writable: true, enumerable: false, configurable: true });

  // EventEmitter.init(options): the constructor's work. An object that
  // already has its own `_events` (a stream lays out its event names in
  // advance) keeps it, and its names stay as keys when their listeners go
  // ("shape mode").
  EventEmitter.init = function init(options) {
    if (typeof this._events === 'undefined' || this._events === Object.getPrototypeOf(this)._events) {
      this._events = { __proto__: null };
      this._eventsCount = 0;
      this[kShapeMode] = false;
    } else {
      this[kShapeMode] = true;
    }
    this._maxListeners = this._maxListeners || undefined;
    if (options?.captureRejections) {
      requireBoolean(options.captureRejections, 'options.captureRejections');
      this[kCapture] = true;
    } else {
      this[kCapture] = proto[kCapture];
    }
  };

  proto.setMaxListeners = function setMaxListeners(n) {
    validateNumber(n, 'setMaxListeners', 0);
    this._maxListeners = n;
    return this;
  };

  proto.getMaxListeners = function getMaxListeners() {
    return maxListenersOf(this);
  };

  // emitter.emit(eventName, ...args): calls the listeners in order, each
  // with `this` the emitter; true when there was one. An 'error' with no
  // listener is thrown (a non-Error is wrapped in ERR_UNHANDLED_ERROR);
  // errorMonitor listeners see every 'error' first.
  proto.emit = function emit(type, ...args) {
    const events = this._events;
    let unhandledError = type === 'error';
    if (typeof events !== 'undefined') {
      if (unhandledError && typeof events[errorMonitor] !== 'undefined') this.emit(errorMonitor, ...args);
      unhandledError = unhandledError && typeof events.error === 'undefined';
    } else if (!unhandledError) {
      return false;
    }
    if (unhandledError) {
      const er = args[0];
      if (er instanceof Error) throw er;
      let shown;
      try {
        shown = inspect(er);
      } catch {
        shown = er;
      }
      const err = nodeError(Error, 'ERR_UNHANDLED_ERROR', `Unhandled error. (${shown})`);
      err.context = er;
      throw err;
    }
    const handler = events[type];
    if (typeof handler === 'undefined') return false;
    // (With --trace: V8 names a listener's frame after the emitter's type,
    // `Server.<anonymous>`.)
    if (typeof noteReceiver !== 'undefined') {
      if (typeof handler === 'function') noteReceiver(handler, this, undefined);
      else for (const h of handler) noteReceiver(h, this, undefined);
    }
    if (typeof handler === 'function') {
      const result = handler.apply(this, args);
      if (typeof result !== 'undefined' && result !== null) watchForRejection(this, result, type, args);
      return true;
    }
    return emitList.call(this, handler, type, ...args);
  };
  // emit's steps for a list of listeners, read already (`this` the
  // emitter): each one of the list as it was when the emit began.
  function emitList(handler, type, ...args) {
    handler[kEmitting]++;
    try {
      for (let i = 0; i < handler.length; i++) {
        const result = handler[i].apply(this, args);
        if (typeof result !== 'undefined' && result !== null) watchForRejection(this, result, type, args);
      }
    } finally {
      handler[kEmitting]--;
    }
    return true;
  }
  // The host's emit (node/emit.rs) takes the common case (not 'error', one
  // listener, a function) with no rest array nor apply, and hands the rest
  // to the glue's emit above or to emitList. Not under --trace: the glue's
  // emit notes each listener's receiver there.
  if (typeof noteReceiver === 'undefined' && typeof internals.host?.fastEmit === 'function') {
    const fast = internals.host.fastEmit(proto.emit, emitList, watchForRejection, kCapture, '_events', 'error', kEmitting);
    if (typeof internals.host.stackFrameless === 'function') internals.host.stackFrameless(fast);
    // (An ordinary function's own `prototype`, as the glue's emit and
    // Node's have: ECMA-262 MakeConstructor.)
    const prototype = Object.defineProperty({}, 'constructor', { value: fast, writable: true, configurable: true });
    Object.defineProperty(fast, 'prototype', { value: prototype, writable: true });
    proto.emit = fast;
  }

  // emitter.emit(type, arg) for the glue's own hot events (a port's
  // 'message'): when emit is EventEmitter's own, type is not 'error' and
  // its one listener is a function, that listener is called with emit's
  // steps for that case (the same call, `this`, and rejection watch),
  // without the rest array and apply; anything else goes through
  // emitter.emit itself.
  const ownEmit = proto.emit;
  function emitOne(emitter, type, arg) {
    const events = emitter._events;
    if (emitter.emit === ownEmit && type !== 'error' && typeof events !== 'undefined' && typeof noteReceiver === 'undefined') {
      const handler = events[type];
      if (typeof handler === 'function') {
        const result = handler.call(emitter, arg);
        // (watchForRejection returns at once without captureRejections:
        // no arguments array for it then.)
        if (typeof result !== 'undefined' && result !== null && emitter[kCapture]) watchForRejection(emitter, result, type, [arg]);
        return true;
      }
    }
    return emitter.emit(type, arg);
  }
  internals.emitOne = emitOne;
  // emitOne(emitter, 'data', arg), the streams' per-chunk event: the same
  // steps with the type known (its listener read by name, not by a key
  // made an atom per call, and no 'error' check).
  // (`typeof x === 'undefined'` is one instruction of QuickJS's; a strict
  // comparison with undefined is a call.)
  function emitData(emitter, arg) {
    const events = emitter._events;
    if (emitter.emit === ownEmit && typeof events !== 'undefined' && typeof noteReceiver === 'undefined') {
      const handler = events.data;
      if (typeof handler === 'function') {
        const result = handler.call(emitter, arg);
        if (typeof result !== 'undefined' && result !== null && emitter[kCapture]) watchForRejection(emitter, result, 'data', [arg]);
        return true;
      }
    }
    return emitter.emit('data', arg);
  }
  internals.emitData = emitData;
  // What emitOne does after its one listener returned `result` (the host
  // calls a port's onmessage itself: node/port_fire.rs).
  internals.emitOneWatch = (emitter, result, type, arg) => watchForRejection(emitter, result, type, [arg]);
  internals.emitOneOwn = ownEmit;
  // (The host's read of a socket reads it after a 'data' listener: node/net_read.rs.)
  internals.emitCapture = kCapture;
  // (A constructor may lay an emitter's fields out itself, in the order
  // EventEmitter.init gives them, while EventEmitter.init is this one: the
  // HTTP messages' in http.js.)
  internals.emitterShapeMode = kShapeMode;
  internals.emitterInit = EventEmitter.init;

  // captureRejections: a promise a listener returns that rejects becomes,
  // a tick later, a call of the emitter's Symbol.for('nodejs.rejection')
  // method or else an 'error' event.
  function watchForRejection(emitter, result, type, args) {
    if (!emitter[kCapture]) return;
    try {
      const then = result.then;
      if (typeof then !== 'function') return;
      then.call(result, undefined, (err) => internals.nextTick(deliverRejection, emitter, err, type, args));
    } catch (err) {
      emitter.emit('error', err);
    }
  }
  function deliverRejection(emitter, err, type, args) {
    if (typeof emitter[captureRejectionSymbol] === 'function') {
      emitter[captureRejectionSymbol](err, type, ...args);
      return;
    }
    // The 'error' listeners are not watched in turn.
    const before = emitter[kCapture];
    try {
      emitter[kCapture] = false;
      emitter.emit('error', err);
    } finally {
      emitter[kCapture] = before;
    }
  }

  proto.addListener = function addListener_(type, listener) {
    requireListener(listener);
    return addListener(this, type, listener, false);
  };
  Object.defineProperty(proto.addListener, 'name', { value: 'addListener' });
  proto.on = proto.addListener;

  proto.prependListener = function prependListener(type, listener) {
    requireListener(listener);
    return addListener(this, type, listener, true);
  };

  // once() adds its wrapper through this.on() (and prependOnceListener()
  // through this.prependListener()), so a subclass that overrides those
  // sees it (a Readable starts flowing on a 'data' listener).
  proto.once = function once(type, listener) {
    requireListener(listener);
    this.on(type, onceWrapper(this, type, listener));
    return this;
  };

  proto.prependOnceListener = function prependOnceListener(type, listener) {
    requireListener(listener);
    this.prependListener(type, onceWrapper(this, type, listener));
    return this;
  };

  // emitter.removeListener(eventName, listener): the most recently added
  // instance of the listener (or of a once() wrapper of it) goes, then
  // 'removeListener' is emitted.
  proto.removeListener = function removeListener(type, listener) {
    requireListener(listener);
    const events = this._events;
    if (typeof events === 'undefined') return this;
    const stored = events[type];
    if (typeof stored === 'undefined') return this;
    if (stored === listener || stored.listener === listener) {
      this._eventsCount--;
      if (this[kShapeMode]) events[type] = undefined;
      else if (this._eventsCount === 0) this._events = { __proto__: null };
      else delete events[type];
      if (typeof events.removeListener !== 'undefined') this.emit('removeListener', type, stored.listener || listener);
      return this;
    }
    if (typeof stored === 'function') return this;
    return removeFromList.call(this, events, type, stored, listener);
  };
  // removeListener's steps for a stored list (`this` the emitter; the
  // host's removeListener comes here then too: node/listeners.rs).
  function removeFromList(events, type, stored, listener) {
    let at = stored.length - 1;
    while (at >= 0 && stored[at] !== listener && stored[at].listener !== listener) at--;
    if (at < 0) return this;
    const list = writableList(events, type);
    // (As Node's removeListener: shift() for the first, else spliceOne of
    // lib/internal/util.js, which moves the rest down and pops: no array of
    // removed elements made for it.)
    if (at === 0) list.shift();
    else {
      for (; at + 1 < list.length; at++) list[at] = list[at + 1];
      list.pop();
    }
    if (list.length === 1) events[type] = list[0];
    // Node 24 reports the listener as passed here (a once() wrapper when
    // the wrapper removes itself).
    if (typeof events.removeListener !== 'undefined') this.emit('removeListener', type, listener);
    return this;
  }
  // The host's addListener and removeListener (node/listeners.rs) take
  // their common cases (a listener added to a type with none, or removed
  // when it is the type's one listener; no 'newListener' listeners) and
  // hand the rest to the glue's steps above. Not under --trace, as emit.
  if (typeof noteReceiver === 'undefined' && typeof internals.host?.fastListeners === 'function') {
    const [on, off] = internals.host.fastListeners(proto.addListener, addToExisting, proto.removeListener, removeFromList, kShapeMode);
    for (const f of [on, off]) {
      if (typeof internals.host.stackFrameless === 'function') internals.host.stackFrameless(f);
      const prototype = Object.defineProperty({}, 'constructor', { value: f, writable: true, configurable: true });
      Object.defineProperty(f, 'prototype', { value: prototype, writable: true });
    }
    proto.addListener = proto.on = on;
    proto.removeListener = off;
  }
  proto.off = proto.removeListener;

  // emitter.removeAllListeners([eventName]): with 'removeListener'
  // listeners, each removal is reported (latest first, and the
  // 'removeListener' listeners themselves last).
  proto.removeAllListeners = function removeAllListeners(type) {
    const events = this._events;
    if (typeof events === 'undefined') return this;
    const all = arguments.length === 0;
    if (typeof events.removeListener === 'undefined') {
      if (all) {
        this._events = { __proto__: null };
        this._eventsCount = 0;
      } else if (typeof events[type] !== 'undefined') {
        if (--this._eventsCount === 0) this._events = { __proto__: null };
        else delete events[type];
      }
      this[kShapeMode] = false;
      return this;
    }
    if (all) {
      for (const key of Reflect.ownKeys(events)) {
        if (key !== 'removeListener') this.removeAllListeners(key);
      }
      this.removeAllListeners('removeListener');
      this._events = { __proto__: null };
      this._eventsCount = 0;
      this[kShapeMode] = false;
      return this;
    }
    const stored = events[type];
    if (typeof stored === 'function') {
      this.removeListener(type, stored);
    } else if (typeof stored !== 'undefined') {
      for (let i = stored.length - 1; i >= 0; i--) this.removeListener(type, stored[i]);
    }
    return this;
  };

  function listenersOf(emitter, type, unwrap) {
    const stored = emitter._events?.[type];
    if (typeof stored === 'undefined') return [];
    const list = typeof stored === 'function' ? [stored] : Array.from(stored);
    return unwrap ? list.map((l) => l.listener ?? l) : list;
  }

  proto.listeners = function listeners(type) {
    return listenersOf(this, type, true);
  };

  proto.rawListeners = function rawListeners(type) {
    return listenersOf(this, type, false);
  };

  // emitter.listenerCount(eventName[, listener]): with a listener, how many
  // times that one (or a once() wrapper of it) is there.
  proto.listenerCount = function listenerCount(type, listener) {
    const stored = this._events?.[type];
    if (typeof stored === 'undefined') return 0;
    const list = typeof stored === 'function' ? [stored] : stored;
    if (listener == null) return list.length;
    let count = 0;
    for (const l of list) if (l === listener || l.listener === listener) count++;
    return count;
  };

  proto.eventNames = function eventNames() {
    if (!(this._eventsCount > 0)) return [];
    return Reflect.ownKeys(this._events).filter((key) => typeof this._events[key] !== 'undefined');
  };

  // ------------------------------------------------------------ module statics

  Object.defineProperty(EventEmitter, 'defaultMaxListeners', {
    enumerable: true,
    configurable: true,
    get() {
      return defaultMaxListeners;
    },
    set(n) {
      validateNumber(n, 'defaultMaxListeners', 0);
      defaultMaxListeners = n;
    },
  });

  // EventEmitter.captureRejections: the default of the option for new
  // emitters.
  Object.defineProperty(EventEmitter, 'captureRejections', {
    enumerable: true,
    configurable: true,
    get() {
      return proto[kCapture];
    },
    set(value) {
      requireBoolean(value, 'EventEmitter.captureRejections');
      proto[kCapture] = value;
    },
  });

  // events.setMaxListeners(n[, ...eventTargets]): the default for every
  // emitter, or the limit of the emitters and EventTargets given.
  function setMaxListeners(n = defaultMaxListeners, ...targets) {
    validateNumber(n, 'setMaxListeners', 0);
    if (targets.length === 0) {
      defaultMaxListeners = n;
      return;
    }
    for (const target of targets) {
      // (A MessagePort keeps its limit with its listener lists: its own
      // setMaxListeners, 44_worker_threads.js.)
      if (isEventTarget(target) && internals.portListenersOf?.(target, '') === undefined) {
        target[kMaxEventTargetListeners] = n;
        target[kMaxEventTargetListenersWarned] = false;
      } else if (typeof target?.setMaxListeners === 'function') {
        target.setMaxListeners(n);
      } else {
        throw invalidArgType('eventTargets', ['EventEmitter', 'EventTarget'], target);
      }
    }
  }

  // events.getMaxListeners(emitterOrTarget). An AbortSignal has no limit
  // (0) unless one was set.
  function getMaxListeners(target) {
    if (typeof target?.getMaxListeners === 'function') return maxListenersOf(target);
    if (isEventTarget(target)) {
      if (typeof target[kMaxEventTargetListeners] !== 'undefined') return target[kMaxEventTargetListeners];
      const mod = eventTargetModule();
      return target instanceof mod.AbortSignal ? 0 : defaultMaxListeners;
    }
    throw invalidArgType('emitter', ['EventEmitter', 'EventTarget'], target);
  }

  // events.getEventListeners(emitterOrTarget, eventName).
  function getEventListeners(target, type) {
    if (typeof target?.listeners === 'function') return target.listeners(type);
    // (A MessagePort, a NodeEventTarget whose lists are its own:
    // 44_worker_threads.js.)
    const ports = internals.portListenersOf;
    const listeners = typeof ports === 'function' ? ports(target, type) : undefined;
    if (listeners !== undefined) return listeners;
    if (isEventTarget(target)) return eventTargetModule().listenersOf(target, type);
    throw invalidArgType('emitter', ['EventEmitter', 'EventTarget'], target);
  }

  // events.listenerCount(emitterOrTarget, eventName) (deprecated for
  // emitters in favour of emitter.listenerCount()).
  function listenerCount(target, type) {
    if (typeof target?.listenerCount === 'function') return target.listenerCount(type);
    if (isEventTarget(target)) return eventTargetModule().listenersOf(target, type).length;
    return proto.listenerCount.call(target, type);
  }

  // events.once, events.on and events.addAbortListener: their bodies are
  // node/events_more.js, read when one of them is first called (each
  // function here calls its body there; `once` stays an async function).
  let more = null;
  const eventsMore = () => (more ??= internals.host.glue('node/events_more.js')({ internals, invalidArgType, requireListener, eventTargetModule }));
  // events.once(emitter, name[, options]): a promise of the arguments of the
  // next `name` event.
  async function once(emitter, name, options = {}) {
    return eventsMore().once(emitter, name, options);
  }
  // events.on(emitter, eventName[, options]): an async iterator of the
  // argument arrays of each `eventName` event.
  function on(emitter, event, options = {}) {
    return eventsMore().on(emitter, event, options);
  }
  // events.addAbortListener(signal, listener): a Disposable.
  function addAbortListener(signal, listener) {
    return eventsMore().addAbortListener(signal, listener);
  }

  Object.assign(EventEmitter, {
    addAbortListener,
    once,
    on,
    getEventListeners,
    getMaxListeners,
    listenerCount,
    EventEmitter,
    usingDomains: false,
    captureRejectionSymbol,
  });
  // Key order as Node's: captureRejections, then the rest.
  const capture = Object.getOwnPropertyDescriptor(EventEmitter, 'captureRejections');
  const defaultMax = Object.getOwnPropertyDescriptor(EventEmitter, 'defaultMaxListeners');
  delete EventEmitter.captureRejections;
  delete EventEmitter.defaultMaxListeners;
  Object.defineProperty(EventEmitter, 'captureRejections', { ...capture, configurable: false });
  EventEmitter.errorMonitor = errorMonitor;
  Object.defineProperty(EventEmitter, 'defaultMaxListeners', { ...defaultMax, configurable: false });
  Object.defineProperties(EventEmitter, {
    kMaxEventTargetListeners: { value: kMaxEventTargetListeners, writable: false, enumerable: false, configurable: false },
    kMaxEventTargetListenersWarned: { value: kMaxEventTargetListenersWarned, writable: false, enumerable: false, configurable: false },
  });
  EventEmitter.setMaxListeners = setMaxListeners;
  const init = EventEmitter.init;
  delete EventEmitter.init;
  EventEmitter.init = init;
  return EventEmitter;
})

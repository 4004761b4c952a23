// jsloop node glue: the `events` module. Follows Node v20's lib/events.js
// (MIT, Copyright Node.js contributors): the same _events/_eventsCount
// layout, the same 'error', 'newListener' and 'removeListener' semantics and
// the same messages.
// internals: { require('util'), emitWarning?(warning: Error), nextTick?(fn, ...args) }
(function (internals) {
  'use strict';
  internals = internals || {};
  // util is read when first needed (error messages and warnings), so that a
  // program that never needs it does not load it.
  let utilModule = null;
  const util = () => utilModule || (utilModule = internals.require('util'));
  const inspect = (value, options) => util().inspect(value, options);
  const U = () => util()[Symbol.for('jsloop.node.util.internal')];
  const nodeError = (...args) => U().nodeError(...args);
  const errInvalidArgType = (...args) => U().errInvalidArgType(...args);

  const kCapture = Symbol('kCapture');
  const kErrorMonitor = Symbol('events.errorMonitor');
  const kShapeMode = Symbol('shapeMode');
  const kMaxEventTargetListeners = Symbol('events.maxEventTargetListeners');
  const kMaxEventTargetListenersWarned = Symbol('events.maxEventTargetListenersWarned');
  const kRejection = Symbol.for('nodejs.rejection');

  function errOutOfRange(name, range, received) {
    let r;
    if (Number.isInteger(received) && Math.abs(received) > 2 ** 32) {
      r = String(received).replace(/\B(?=(\d{3})+(?!\d))/g, '_');
    } else if (typeof received === 'bigint') {
      r = String(received);
      if (received > 2n ** 32n || received < -(2n ** 32n)) r = r.replace(/\B(?=(\d{3})+(?!\d))/g, '_');
      r += 'n';
    } else {
      r = inspect(received);
    }
    return nodeError(RangeError, 'ERR_OUT_OF_RANGE',
      `The value of "${name}" is out of range. It must be ${range}. Received ${r}`);
  }
  function validateNumber(value, name, min) {
    if (typeof value !== 'number') throw errInvalidArgType(name, 'number', value);
    if ((min != null && value < min) || (min != null && Number.isNaN(value))) {
      throw errOutOfRange(name, `>= ${min}`, value);
    }
  }
  function validateBoolean(value, name) {
    if (typeof value !== 'boolean') throw errInvalidArgType(name, 'boolean', value);
  }
  function checkListener(listener) {
    if (typeof listener !== 'function') throw errInvalidArgType('listener', 'Function', listener);
  }
  function validateAbortSignal(signal, name) {
    if (signal !== undefined && (signal === null || typeof signal !== 'object' || !('aborted' in signal))) {
      throw errInvalidArgType(name, 'AbortSignal', signal);
    }
  }
  class AbortError extends Error {
    constructor(message = 'The operation was aborted', options = undefined) {
      super(message, options);
      this.code = 'ABORT_ERR';
      this.name = 'AbortError';
    }
  }
  const nextTick = (fn, ...args) => {
    if (typeof internals.nextTick === 'function') internals.nextTick(fn, ...args);
    else queueMicrotask(() => fn(...args));
  };
  const emitWarning = (w) => {
    if (typeof internals.emitWarning === 'function') internals.emitWarning(w);
    else U().emitWarning(w);
  };

  function EventEmitter(opts) {
    EventEmitter.init.call(this, opts);
  }

  EventEmitter.prototype._events = undefined;
  EventEmitter.prototype._eventsCount = 0;
  EventEmitter.prototype._maxListeners = undefined;
  Object.defineProperty(EventEmitter.prototype, kCapture, { value: false, writable: true, enumerable: false });

  let defaultMaxListeners = 10;
  Object.defineProperty(EventEmitter, 'defaultMaxListeners', {
    enumerable: true,
    get() { return defaultMaxListeners; },
    set(arg) {
      validateNumber(arg, 'defaultMaxListeners', 0);
      defaultMaxListeners = arg;
    },
  });
  Object.defineProperties(EventEmitter, {
    kMaxEventTargetListeners: { value: kMaxEventTargetListeners, enumerable: false, configurable: false, writable: false },
    kMaxEventTargetListenersWarned: { value: kMaxEventTargetListenersWarned, enumerable: false, configurable: false, writable: false },
  });
  EventEmitter.EventEmitter = EventEmitter;
  EventEmitter.usingDomains = false;
  EventEmitter.captureRejectionSymbol = kRejection;
  Object.defineProperty(EventEmitter, 'captureRejections', {
    get() { return EventEmitter.prototype[kCapture]; },
    set(value) {
      validateBoolean(value, 'EventEmitter.captureRejections');
      EventEmitter.prototype[kCapture] = value;
    },
    enumerable: true,
  });
  EventEmitter.errorMonitor = kErrorMonitor;

  const isEventTarget = (t) => t !== null && typeof t === 'object' &&
    typeof t.addEventListener === 'function' && typeof t.dispatchEvent === 'function';

  EventEmitter.setMaxListeners = function (n = defaultMaxListeners, ...eventTargets) {
    validateNumber(n, 'setMaxListeners', 0);
    if (eventTargets.length === 0) {
      defaultMaxListeners = n;
    } else {
      for (const target of eventTargets) {
        if (typeof target?.setMaxListeners === 'function') {
          target.setMaxListeners(n);
        } else if (isEventTarget(target)) {
          target[kMaxEventTargetListeners] = n;
          target[kMaxEventTargetListenersWarned] = false;
        } else {
          throw errInvalidArgType('eventTargets', ['EventEmitter', 'EventTarget'], target);
        }
      }
    }
  };

  EventEmitter.init = function (opts) {
    if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) {
      this._events = { __proto__: null };
      this._eventsCount = 0;
      this[kShapeMode] = false;
    } else {
      this[kShapeMode] = true;
    }
    this._maxListeners = this._maxListeners || undefined;
    if (opts?.captureRejections) {
      validateBoolean(opts.captureRejections, 'options.captureRejections');
      this[kCapture] = Boolean(opts.captureRejections);
    } else {
      this[kCapture] = EventEmitter.prototype[kCapture];
    }
  };

  function addCatch(that, promise, type, args) {
    if (!that[kCapture]) return;
    try {
      const then = promise.then;
      if (typeof then === 'function') {
        then.call(promise, undefined, function (err) {
          nextTick(emitUnhandledRejectionOrErr, that, err, type, args);
        });
      }
    } catch (err) {
      that.emit('error', err);
    }
  }
  function emitUnhandledRejectionOrErr(ee, err, type, args) {
    if (typeof ee[kRejection] === 'function') {
      ee[kRejection](err, type, ...args);
    } else {
      const prev = ee[kCapture];
      try {
        ee[kCapture] = false;
        ee.emit('error', err);
      } finally {
        ee[kCapture] = prev;
      }
    }
  }

  EventEmitter.prototype.setMaxListeners = function setMaxListeners(n) {
    validateNumber(n, 'setMaxListeners', 0);
    this._maxListeners = n;
    return this;
  };
  function _getMaxListeners(that) {
    if (that._maxListeners === undefined) return EventEmitter.defaultMaxListeners;
    return that._maxListeners;
  }
  EventEmitter.prototype.getMaxListeners = function getMaxListeners() {
    return _getMaxListeners(this);
  };

  EventEmitter.prototype.emit = function emit(type, ...args) {
    let doError = (type === 'error');
    const events = this._events;
    if (events !== undefined) {
      if (doError && events[kErrorMonitor] !== undefined) this.emit(kErrorMonitor, ...args);
      doError = (doError && events.error === undefined);
    } else if (!doError) {
      return false;
    }
    if (doError) {
      let er;
      if (args.length > 0) er = args[0];
      if (er instanceof Error) {
        throw er; // Unhandled 'error' event
      }
      let stringifiedEr;
      try {
        stringifiedEr = inspect(er);
      } catch {
        stringifiedEr = er;
      }
      const err = nodeError(Error, 'ERR_UNHANDLED_ERROR', `Unhandled error. (${stringifiedEr})`);
      err.context = er;
      throw err; // Unhandled 'error' event
    }
    const handler = events[type];
    if (handler === undefined) return false;
    if (typeof handler === 'function') {
      const result = handler.apply(this, args);
      if (result !== undefined && result !== null) addCatch(this, result, type, args);
    } else {
      const len = handler.length;
      const listeners = handler.slice();
      for (let i = 0; i < len; ++i) {
        const result = listeners[i].apply(this, args);
        if (result !== undefined && result !== null) addCatch(this, result, type, args);
      }
    }
    return true;
  };

  function _addListener(target, type, listener, prepend) {
    let m;
    let events;
    let existing;
    checkListener(listener);
    events = target._events;
    if (events === undefined) {
      events = target._events = { __proto__: null };
      target._eventsCount = 0;
    } else {
      if (events.newListener !== undefined) {
        target.emit('newListener', type, listener.listener ?? listener);
        events = target._events;
      }
      existing = events[type];
    }
    if (existing === undefined) {
      events[type] = listener;
      ++target._eventsCount;
    } else {
      if (typeof existing === 'function') {
        existing = events[type] = prepend ? [listener, existing] : [existing, listener];
      } else if (prepend) {
        existing.unshift(listener);
      } else {
        existing.push(listener);
      }
      m = _getMaxListeners(target);
      if (m > 0 && existing.length > m && !existing.warned) {
        existing.warned = true;
        const w = new Error(
          `Possible EventEmitter memory leak detected. ${existing.length} ${String(type)} listeners ` +
          `added to ${inspect(target, { depth: -1 })}. MaxListeners is ${m}. Use emitter.setMaxListeners() to increase limit`);
        Object.assign(w, { name: 'MaxListenersExceededWarning', emitter: target, type, count: existing.length });
        emitWarning(w);
      }
    }
    return target;
  }

  EventEmitter.prototype.addListener = function addListener(type, listener) {
    return _addListener(this, type, listener, false);
  };
  EventEmitter.prototype.on = EventEmitter.prototype.addListener;
  EventEmitter.prototype.prependListener = function prependListener(type, listener) {
    return _addListener(this, type, listener, true);
  };

  function onceWrapper() {
    if (!this.fired) {
      this.target.removeListener(this.type, this.wrapFn);
      this.fired = true;
      if (arguments.length === 0) return this.listener.call(this.target);
      return this.listener.apply(this.target, arguments);
    }
  }
  function _onceWrap(target, type, listener) {
    const state = { fired: false, wrapFn: undefined, target, type, listener };
    const wrapped = onceWrapper.bind(state);
    wrapped.listener = listener;
    state.wrapFn = wrapped;
    return wrapped;
  }
  EventEmitter.prototype.once = function once(type, listener) {
    checkListener(listener);
    this.on(type, _onceWrap(this, type, listener));
    return this;
  };
  EventEmitter.prototype.prependOnceListener = function prependOnceListener(type, listener) {
    checkListener(listener);
    this.prependListener(type, _onceWrap(this, type, listener));
    return this;
  };

  function hasEventListener(self, type) {
    if (type === undefined) return self._events !== undefined;
    return self._events !== undefined && self._events[type] !== undefined;
  }

  EventEmitter.prototype.removeListener = function removeListener(type, listener) {
    checkListener(listener);
    if (!hasEventListener(this, type)) return this;
    const events = this._events;
    const list = events[type];
    if (list === listener || list.listener === listener) {
      this._eventsCount -= 1;
      if (this[kShapeMode]) {
        events[type] = undefined;
      } else if (this._eventsCount === 0) {
        this._events = { __proto__: null };
      } else {
        delete events[type];
        if (events.removeListener) this.emit('removeListener', type, list.listener || listener);
      }
    } else if (typeof list !== 'function') {
      let position = -1;
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i] === listener || list[i].listener === listener) {
          position = i;
          break;
        }
      }
      if (position < 0) return this;
      if (position === 0) list.shift();
      else list.splice(position, 1);
      if (list.length === 1) events[type] = list[0];
      if (events.removeListener !== undefined) this.emit('removeListener', type, listener);
    }
    return this;
  };
  EventEmitter.prototype.off = EventEmitter.prototype.removeListener;

  EventEmitter.prototype.removeAllListeners = function removeAllListeners(type) {
    if (!hasEventListener(this)) return this;
    const events = this._events;
    if (events.removeListener === undefined) {
      if (arguments.length === 0) {
        this._events = { __proto__: null };
        this._eventsCount = 0;
      } else if (events[type] !== undefined) {
        if (--this._eventsCount === 0) this._events = { __proto__: null };
        else delete events[type];
      }
      this[kShapeMode] = false;
      return this;
    }
    if (arguments.length === 0) {
      for (const key of Reflect.ownKeys(events)) {
        if (key === 'removeListener') continue;
        this.removeAllListeners(key);
      }
      this.removeAllListeners('removeListener');
      this._events = { __proto__: null };
      this._eventsCount = 0;
      this[kShapeMode] = false;
      return this;
    }
    const listeners = events[type];
    if (typeof listeners === 'function') {
      this.removeListener(type, listeners);
    } else if (listeners !== undefined) {
      for (let i = listeners.length - 1; i >= 0; i--) this.removeListener(type, listeners[i]);
    }
    return this;
  };

  function unwrapListeners(arr) {
    const ret = arr.slice();
    for (let i = 0; i < ret.length; ++i) {
      const orig = ret[i].listener;
      if (typeof orig === 'function') ret[i] = orig;
    }
    return ret;
  }
  function _listeners(target, type, unwrap) {
    const events = target._events;
    if (events === undefined) return [];
    const evlistener = events[type];
    if (evlistener === undefined) return [];
    if (typeof evlistener === 'function') return unwrap ? [evlistener.listener || evlistener] : [evlistener];
    return unwrap ? unwrapListeners(evlistener) : evlistener.slice();
  }
  EventEmitter.prototype.listeners = function listeners(type) {
    return _listeners(this, type, true);
  };
  EventEmitter.prototype.rawListeners = function rawListeners(type) {
    return _listeners(this, type, false);
  };
  function listenerCount(type, listener) {
    const events = this._events;
    if (events !== undefined) {
      const evlistener = events[type];
      if (typeof evlistener === 'function') {
        if (listener != null) return listener === evlistener || listener === evlistener.listener ? 1 : 0;
        return 1;
      } else if (evlistener !== undefined) {
        if (listener != null) {
          let matching = 0;
          for (let i = 0, l = evlistener.length; i < l; i++) {
            if (evlistener[i] === listener || evlistener[i].listener === listener) matching++;
          }
          return matching;
        }
        return evlistener.length;
      }
    }
    return 0;
  }
  EventEmitter.listenerCount = function (emitter, type) {
    if (typeof emitter.listenerCount === 'function') return emitter.listenerCount(type);
    return listenerCount.call(emitter, type);
  };
  EventEmitter.prototype.listenerCount = listenerCount;
  EventEmitter.prototype.eventNames = function eventNames() {
    if (!(this._eventsCount > 0)) return [];
    // Removed listeners (and the slots streams make up front) leave the key
    // with an undefined value.
    return Reflect.ownKeys(this._events).filter((key) => this._events[key] !== undefined);
  };

  function getEventListeners(emitterOrTarget, type) {
    if (typeof emitterOrTarget?.listeners === 'function') return emitterOrTarget.listeners(type);
    throw errInvalidArgType('emitter', ['EventEmitter', 'EventTarget'], emitterOrTarget);
  }
  function getMaxListeners(emitterOrTarget) {
    if (typeof emitterOrTarget?.getMaxListeners === 'function') return _getMaxListeners(emitterOrTarget);
    else if (emitterOrTarget?.[kMaxEventTargetListeners]) return emitterOrTarget[kMaxEventTargetListeners];
    throw errInvalidArgType('emitter', ['EventEmitter', 'EventTarget'], emitterOrTarget);
  }

  function eventTargetAgnosticRemoveListener(emitter, name, listener, flags) {
    if (typeof emitter.removeListener === 'function') emitter.removeListener(name, listener);
    else if (typeof emitter.removeEventListener === 'function') emitter.removeEventListener(name, listener, flags);
    else throw errInvalidArgType('emitter', 'EventEmitter', emitter);
  }
  function eventTargetAgnosticAddListener(emitter, name, listener, flags) {
    if (typeof emitter.on === 'function') {
      if (flags?.once) emitter.once(name, listener);
      else emitter.on(name, listener);
    } else if (typeof emitter.addEventListener === 'function') {
      emitter.addEventListener(name, listener, flags);
    } else {
      throw errInvalidArgType('emitter', 'EventEmitter', emitter);
    }
  }

  async function once(emitter, name, options = {}) {
    const signal = options?.signal;
    validateAbortSignal(signal, 'options.signal');
    if (signal?.aborted) throw new AbortError(undefined, { cause: signal?.reason });
    return new Promise((resolve, reject) => {
      const errorListener = (err) => {
        emitter.removeListener(name, resolver);
        if (signal != null) eventTargetAgnosticRemoveListener(signal, 'abort', abortListener);
        reject(err);
      };
      const resolver = (...args) => {
        if (typeof emitter.removeListener === 'function') emitter.removeListener('error', errorListener);
        if (signal != null) eventTargetAgnosticRemoveListener(signal, 'abort', abortListener);
        resolve(args);
      };
      eventTargetAgnosticAddListener(emitter, name, resolver, { once: true });
      if (name !== 'error' && typeof emitter.once === 'function') emitter.once('error', errorListener);
      function abortListener() {
        eventTargetAgnosticRemoveListener(emitter, name, resolver);
        eventTargetAgnosticRemoveListener(emitter, 'error', errorListener);
        reject(new AbortError(undefined, { cause: signal?.reason }));
      }
      if (signal != null) eventTargetAgnosticAddListener(signal, 'abort', abortListener, { once: true });
    });
  }

  // events.on(emitter, event[, options]): an async iterator of the argument
  // arrays of each emission; an 'error' event rejects the next read.
  function on(emitter, event, options = {}) {
    const signal = options?.signal;
    validateAbortSignal(signal, 'options.signal');
    if (signal?.aborted) throw new AbortError(undefined, { cause: signal?.reason });
    const unconsumedEvents = [];
    const unconsumedPromises = [];
    let error = null;
    let finished = false;
    const closeEvents = options?.close || [];
    const eventHandler = (...args) => {
      const p = unconsumedPromises.shift();
      if (p) p.resolve({ value: args, done: false });
      else unconsumedEvents.push(args);
    };
    const errorHandler = (err) => {
      finished = true;
      const p = unconsumedPromises.shift();
      if (p) p.reject(err);
      else error = err;
      iterator.return();
    };
    const closeHandler = () => { closeHandlerFn(); };
    const abortListener = () => errorHandler(new AbortError(undefined, { cause: signal?.reason }));
    function closeHandlerFn() {
      removeAll();
      finished = true;
      const doneResult = { value: undefined, done: true };
      while (unconsumedPromises.length > 0) unconsumedPromises.shift().resolve(doneResult);
      return Promise.resolve(doneResult);
    }
    function removeAll() {
      eventTargetAgnosticRemoveListener(emitter, event, eventHandler);
      if (event !== 'error' && typeof emitter.on === 'function') eventTargetAgnosticRemoveListener(emitter, 'error', errorHandler);
      for (const c of closeEvents) eventTargetAgnosticRemoveListener(emitter, c, closeHandler);
      if (signal) eventTargetAgnosticRemoveListener(signal, 'abort', abortListener);
    }
    const AsyncIteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf(async function* () {}).prototype);
    const iterator = Object.setPrototypeOf({
      next() {
        const value = unconsumedEvents.shift();
        if (value) return Promise.resolve({ value, done: false });
        if (error) {
          const p = Promise.reject(error);
          error = null;
          return p;
        }
        if (finished) return closeHandlerFn();
        return new Promise((resolve, reject) => unconsumedPromises.push({ resolve, reject }));
      },
      return() { return closeHandlerFn(); },
      throw(err) {
        if (!err || !(err instanceof Error)) throw errInvalidArgType('EventEmitter.AsyncIterator', 'Error', err);
        errorHandler(err);
      },
      [Symbol.asyncIterator]() { return this; },
    }, AsyncIteratorPrototype);
    eventTargetAgnosticAddListener(emitter, event, eventHandler);
    if (event !== 'error' && typeof emitter.on === 'function') eventTargetAgnosticAddListener(emitter, 'error', errorHandler);
    for (const c of closeEvents) eventTargetAgnosticAddListener(emitter, c, closeHandler);
    if (signal) eventTargetAgnosticAddListener(signal, 'abort', abortListener, { once: true });
    return iterator;
  }

  function addAbortListener(signal, listener) {
    if (signal === undefined) throw errInvalidArgType('signal', 'AbortSignal', signal);
    validateAbortSignal(signal, 'signal');
    if (typeof listener !== 'function') throw errInvalidArgType('listener', 'Function', listener);
    let removeEventListener;
    if (signal.aborted) {
      queueMicrotask(() => listener());
    } else {
      signal.addEventListener('abort', listener, { once: true });
      removeEventListener = () => signal.removeEventListener('abort', listener);
    }
    return { [Symbol.dispose || Symbol.for('nodejs.dispose')]() { removeEventListener?.(); } };
  }

  EventEmitter.once = once;
  EventEmitter.on = on;
  EventEmitter.getEventListeners = getEventListeners;
  EventEmitter.getMaxListeners = getMaxListeners;
  EventEmitter.addAbortListener = addAbortListener;
  return EventEmitter;
})

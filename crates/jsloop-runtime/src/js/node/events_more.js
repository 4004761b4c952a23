// jsloop node glue: the bodies of events.once, events.on and
// events.addAbortListener, read when one of them is first called
// (node/events.js's eventsMore; the functions the module exports call
// these). `d` is what events.js shares: its internals (validateInteger),
// invalidArgType, requireListener and eventTargetModule() (the EventTarget
// module's exports, for EventTargets and AbortSignals).
(function (d) {
  'use strict';
  const { internals, invalidArgType, requireListener, eventTargetModule } = d;
  const disposeSymbol = Symbol.dispose || Symbol.for('nodejs.dispose');

  function requireSignal(signal, name) {
    if (typeof signal !== 'undefined' && (signal === null || typeof signal !== 'object' || !('aborted' in signal))) {
      throw invalidArgType(name, 'AbortSignal', signal);
    }
  }
  const resistStopPropagation = () => eventTargetModule()?.kResistStopPropagation;

  // AbortError: what an aborted once()/on() rejects with.
  class AbortError extends Error {
    constructor(message = 'The operation was aborted', options = undefined) {
      super(message, options);
      this.code = 'ABORT_ERR';
      this.name = 'AbortError';
    }
  }

  // Both once() and on() work on an EventEmitter or an EventTarget.
  function listen(target, type, listener, once) {
    if (typeof target.on === 'function') {
      if (once) target.once(type, listener);
      else target.on(type, listener);
    } else if (typeof target.addEventListener === 'function') {
      const options = { once };
      const resist = resistStopPropagation();
      if (resist) options[resist] = true;
      target.addEventListener(type, listener, options);
    } else {
      throw invalidArgType('emitter', 'EventEmitter', target);
    }
  }
  function unlisten(target, type, listener) {
    if (typeof target.removeListener === 'function') target.removeListener(type, listener);
    else if (typeof target.removeEventListener === 'function') target.removeEventListener(type, listener);
    else throw invalidArgType('emitter', 'EventEmitter', target);
  }

  // events.once(emitter, name[, options]): a promise of the arguments of the
  // next `name` event; an 'error' event first rejects it, and so does the
  // options.signal aborting.
  function once(emitter, name, options) {
    if (options === null || typeof options !== 'object') throw invalidArgType('options', 'Object', options);
    const signal = options.signal;
    requireSignal(signal, 'options.signal');
    if (signal?.aborted) throw new AbortError(undefined, { cause: signal.reason });
    return new Promise((resolve, reject) => {
      const done = () => {
        if (name !== 'error' && typeof emitter.removeListener === 'function') emitter.removeListener('error', onError);
        if (typeof signal !== 'undefined') unlisten(signal, 'abort', onAbort);
      };
      const onEvent = (...args) => {
        done();
        resolve(args);
      };
      const onError = (err) => {
        unlisten(emitter, name, onEvent);
        if (typeof signal !== 'undefined') unlisten(signal, 'abort', onAbort);
        reject(err);
      };
      const onAbort = () => {
        unlisten(emitter, name, onEvent);
        if (name !== 'error' && typeof emitter.removeListener === 'function') emitter.removeListener('error', onError);
        reject(new AbortError(undefined, { cause: signal?.reason }));
      };
      listen(emitter, name, onEvent, true);
      if (name !== 'error' && typeof emitter.once === 'function') emitter.once('error', onError);
      if (typeof signal !== 'undefined') listen(signal, 'abort', onAbort, true);
    });
  }

  const AsyncIteratorPrototype = Object.getPrototypeOf(Object.getPrototypeOf(async function* () {}).prototype);

  // events.on(emitter, eventName[, options]): an async iterator of the
  // argument arrays of each `eventName` event, queued until read. 'error'
  // rejects the next read and ends it; so does options.signal aborting; an
  // event named in options.close ends it after the queued ones. An emitter
  // with pause()/resume() is paused while more than options.highWaterMark
  // events wait and resumed when fewer than options.lowWaterMark do.
  function on(emitter, event, options) {
    if (options === null || typeof options !== 'object') throw invalidArgType('options', 'Object', options);
    const signal = options.signal;
    requireSignal(signal, 'options.signal');
    if (signal?.aborted) throw new AbortError(undefined, { cause: signal.reason });
    const highWaterMark = options.highWaterMark ?? Number.MAX_SAFE_INTEGER;
    const lowWaterMark = options.lowWaterMark ?? 1;
    internals.validateInteger(highWaterMark, 'options.highWaterMark', 1);
    internals.validateInteger(lowWaterMark, 'options.lowWaterMark', 1);
    const closeEvents = options.close ?? [];

    const queued = [];
    const waiting = [];
    let failure = null;
    let finished = false;
    let paused = false;
    const result = (value, done) => ({ value, done });

    const onEvent = (...args) => {
      if (waiting.length > 0) {
        waiting.shift().resolve(result(args, false));
        return;
      }
      queued.push(args);
      if (queued.length > highWaterMark && !paused && typeof emitter.pause === 'function') {
        paused = true;
        emitter.pause();
      }
    };
    const onError = (err) => {
      if (waiting.length > 0) waiting.shift().reject(err);
      else failure = err;
      finish();
    };
    const onAbort = () => onError(new AbortError(undefined, { cause: signal?.reason }));
    const finish = () => {
      unlisten(emitter, event, onEvent);
      if (event !== 'error') unlisten(emitter, 'error', onError);
      for (const name of closeEvents) unlisten(emitter, name, finish);
      if (typeof signal !== 'undefined') unlisten(signal, 'abort', onAbort);
      finished = true;
      while (waiting.length > 0) waiting.shift().resolve(result(undefined, true));
      return Promise.resolve(result(undefined, true));
    };

    listen(emitter, event, onEvent, false);
    if (event !== 'error' && typeof emitter.on === 'function') emitter.on('error', onError);
    for (const name of closeEvents) listen(emitter, name, finish, false);
    if (typeof signal !== 'undefined') listen(signal, 'abort', onAbort, true);

    return Object.setPrototypeOf({
      next() {
        if (queued.length > 0) {
          const value = queued.shift();
          if (paused && queued.length < lowWaterMark && typeof emitter.resume === 'function') {
            paused = false;
            emitter.resume();
          }
          return Promise.resolve(result(value, false));
        }
        if (failure) {
          const err = failure;
          failure = null;
          return Promise.reject(err);
        }
        if (finished) return finish();
        return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
      },
      return() {
        return finish();
      },
      throw(err) {
        if (!(err instanceof Error)) throw invalidArgType('EventEmitter.AsyncIterator', 'Error', err);
        onError(err);
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    }, AsyncIteratorPrototype);
  }

  // events.addAbortListener(signal, listener): listens for 'abort' even
  // when another listener stops the event; an aborted signal calls the
  // listener in a microtask. Returns a Disposable that removes it.
  function addAbortListener(signal, listener) {
    if (typeof signal === 'undefined') throw invalidArgType('signal', 'AbortSignal', signal);
    requireSignal(signal, 'signal');
    requireListener(listener);
    let remove = null;
    if (signal.aborted) {
      queueMicrotask(() => listener());
    } else {
      const options = { once: true };
      const resist = resistStopPropagation();
      if (resist) options[resist] = true;
      signal.addEventListener('abort', listener, options);
      remove = () => signal.removeEventListener('abort', listener);
    }
    return { __proto__: null, [disposeSymbol]() { remove?.(); } };
  }

  return { once, on, addAbortListener };
})

// jsloop node glue: the `async_hooks` module (Node's docs, "Async hooks" and
// "Asynchronous context tracking").
// https://nodejs.org/api/async_hooks.html
// https://nodejs.org/api/async_context.html
//
// The execution context itself (async ids, the stack of entered contexts,
// AsyncLocalStorage's frame, the enabled hooks) is 40_node.js's
// `asyncContext`, which the timers, immediates, nextTick and queueMicrotask
// use: loading this module turns it on. As in Node 24, AsyncLocalStorage
// keeps its stores in the frame (lib/internal/async_context_frame.js): a
// Map from storage to store, captured by each resource when it is made and
// restored around its callback.
//
// Promises are not async resources here: QuickJS's promise hook has no
// before/after around a reaction job. The frame follows a `.then` callback
// (40_node.js binds `then`'s handlers), not the code after an `await`
// (docs/deviations.md).
// internals: { asyncContext, asyncSymbols, nodeError, invalidArgType, validateFunction }
(function (internals) {
  'use strict';
  const ctx = internals.asyncContext;
  const { kAsyncId, kTriggerId } = internals.asyncSymbols;
  const { nodeError, invalidArgType, validateFunction } = internals;
  ctx.activate();

  // ---------------------------------------------------------------- AsyncHook
  // lib/async_hooks.js: createHook(callbacks).enable() / .disable().
  const kCallbacks = Symbol('callbacks');
  class AsyncHook {
    constructor({ init, before, after, destroy, promiseResolve }) {
      for (const [name, fn] of [['init', init], ['before', before], ['after', after], ['destroy', destroy], ['promiseResolve', promiseResolve]]) {
        if (fn !== undefined && typeof fn !== 'function') throw nodeError(TypeError, 'ERR_ASYNC_CALLBACK', `hook.${name} must be a function`);
      }
      // Node calls each with `this` the AsyncHook (a hook may disable itself).
      const own = (fn) => (fn === undefined ? undefined : (...args) => Reflect.apply(fn, this, args));
      this[kCallbacks] = { init: own(init), before: own(before), after: own(after), destroy: own(destroy), promiseResolve: own(promiseResolve) };
    }
    enable() {
      if (!ctx.hooks.includes(this[kCallbacks])) ctx.hooks = [...ctx.hooks, this[kCallbacks]];
      return this;
    }
    disable() {
      ctx.hooks = ctx.hooks.filter((h) => h !== this[kCallbacks]);
      return this;
    }
  }
  function createHook(callbacks) {
    return new AsyncHook(callbacks);
  }

  // ---------------------------------------------------------------- AsyncResource
  // lib/async_hooks.js's AsyncResource: an async resource a program makes;
  // runInAsyncScope runs a function in its context (the `after` hooks run
  // even if it throws).
  const destroyed = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((held) => {
    if (!held.done) ctx.destroy({ [kAsyncId]: held.id });
  }) : null;
  const kDestroyed = Symbol('destroyed');
  class AsyncResource {
    constructor(type, opts = {}) {
      if (typeof type !== 'string') throw invalidArgType('type', 'string', type);
      let triggerAsyncId = opts;
      let requireManualDestroy = false;
      if (typeof opts !== 'number') {
        triggerAsyncId = opts.triggerAsyncId === undefined ? undefined : opts.triggerAsyncId;
        requireManualDestroy = !!opts.requireManualDestroy;
      }
      if (triggerAsyncId !== undefined && (!Number.isSafeInteger(triggerAsyncId) || triggerAsyncId < -1)) {
        throw nodeError(RangeError, 'ERR_INVALID_ASYNC_ID', `Invalid triggerAsyncId value: ${triggerAsyncId}`);
      }
      const id = ctx.init(this, type, triggerAsyncId);
      this[kDestroyed] = { id, done: false };
      if (!requireManualDestroy && destroyed) destroyed.register(this, this[kDestroyed]);
    }
    runInAsyncScope(fn, thisArg, ...args) {
      ctx.enter(this);
      try {
        return Reflect.apply(fn, thisArg, args);
      } finally {
        if (ctx.executionResource === this) ctx.leave();
      }
    }
    emitDestroy() {
      if (!this[kDestroyed].done) {
        this[kDestroyed].done = true;
        ctx.destroy(this);
      }
      return this;
    }
    asyncId() { return this[kAsyncId]; }
    triggerAsyncId() { return this[kTriggerId]; }
    bind(fn, thisArg) {
      validateFunction(fn, 'fn');
      const resource = this;
      let bound;
      if (thisArg === undefined) {
        bound = function (...args) { return resource.runInAsyncScope(fn, this, ...args); };
      } else {
        bound = (...args) => resource.runInAsyncScope(fn, thisArg, ...args);
      }
      Object.defineProperties(bound, {
        length: { configurable: true, enumerable: false, value: fn.length, writable: false },
        asyncResource: { configurable: true, enumerable: true, value: this, writable: true },
      });
      return bound;
    }
    static bind(fn, type, thisArg) {
      type = type || fn.name || 'bound-anonymous-fn';
      return new AsyncResource(type).bind(fn, thisArg);
    }
  }

  // ---------------------------------------------------------------- AsyncLocalStorage
  // lib/internal/async_local_storage/async_context_frame.js.
  const withStore = (storage, store) => {
    const frame = new Map(ctx.frame);
    frame.set(storage, store);
    return frame;
  };
  class AsyncLocalStorage {
    #defaultValue;
    #name;
    constructor(options = {}) {
      if (options === null || typeof options !== 'object') throw invalidArgType('options', 'Object', options);
      this.#defaultValue = options.defaultValue;
      if (options.name !== undefined) this.#name = `${options.name}`;
    }
    get name() { return this.#name ?? ''; }
    // (Node 24: an AsyncResource bound to the function, which carries the
    // frame of when it was made.)
    static bind(fn) {
      validateFunction(fn, 'fn');
      return AsyncResource.bind(fn);
    }
    static snapshot() {
      return AsyncResource.bind((cb, ...args) => cb(...args));
    }
    disable() {
      if (ctx.frame && ctx.frame.has(this)) ctx.frame = withStore(this, undefined);
    }
    enterWith(store) {
      ctx.frame = withStore(this, store);
    }
    run(store, fn, ...args) {
      const prior = ctx.frame;
      ctx.frame = withStore(this, store);
      try {
        return Reflect.apply(fn, null, args);
      } finally {
        ctx.frame = prior;
      }
    }
    exit(fn, ...args) {
      return this.run(undefined, fn, ...args);
    }
    getStore() {
      const frame = ctx.frame;
      if (!frame || !frame.has(this)) return this.#defaultValue;
      return frame.get(this);
    }
    withScope(store) {
      const prior = ctx.frame;
      ctx.frame = withStore(this, store);
      return { [Symbol.dispose]() { ctx.frame = prior; } };
    }
  }

  return {
    AsyncLocalStorage,
    createHook,
    executionAsyncId: () => ctx.executionAsyncId,
    triggerAsyncId: () => ctx.triggerAsyncId,
    executionAsyncResource: () => ctx.executionResource,
    AsyncResource,
  };
})

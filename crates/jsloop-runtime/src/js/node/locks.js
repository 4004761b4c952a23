// jsloop node module glue: the Web Locks API (`navigator.locks`,
// `worker_threads.locks`), as Node 24 has it (lib/internal/locks.js over
// src/node_locks.cc). The lock manager's queue and held locks are the
// program's, in Rust (node/locks.rs); each request's callback and promises
// are this thread's, here. https://w3c.github.io/web-locks/
(function (internals) {
  'use strict';
  const host = internals.host;
  const { nodeError, validateFunction, invalidArgType } = internals;
  const g = internals.global;
  const then = Promise.prototype.then;
  const promiseFinally = Promise.prototype.finally;
  const isPromise = (v) => internals.require('util').types.isPromise(v);

  const kName = Symbol('kName');
  const kMode = Symbol('kMode');
  const kConstructLock = Symbol('kConstructLock');
  const kConstructLockManager = Symbol('kConstructLockManager');
  const LOCK_STOLEN_ERROR = 'LOCK_STOLEN';

  // https://w3c.github.io/web-locks/#api-lock
  class Lock {
    constructor(symbol = undefined, name, mode) {
      if (symbol !== kConstructLock) throw nodeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
      this[kName] = name;
      this[kMode] = mode;
    }
    get name() {
      if (this instanceof Lock) return this[kName];
      throw nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type Lock');
    }
    get mode() {
      if (this instanceof Lock) return this[kMode];
      throw nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type Lock');
    }
  }
  Object.defineProperties(Lock.prototype, {
    name: { enumerable: true },
    mode: { enumerable: true },
    [Symbol.toStringTag]: { value: 'Lock', writable: false, enumerable: false, configurable: true },
  });
  const createLock = (info) => (info === null ? null : new Lock(kConstructLock, info.name, info.mode));
  // A stolen lock's released promise is rejected with LOCK_STOLEN: the
  // request's promise rejects with an AbortError.
  const convertLockError = (error) => (error?.message === LOCK_STOLEN_ERROR ? new g.DOMException('The operation was aborted', 'AbortError') : error);

  // ------------------------------------------------------------ the manager's side (node_locks.cc)
  // This thread's requests and held locks by id: the callback, and the
  // "waiting" and "released" promises (marked handled, as V8's MarkAsHandled).
  const records = new Map();
  function resolver() {
    let resolve, reject;
    const promise = new Promise((a, b) => { resolve = a; reject = b; });
    internals.markPromiseHandled(promise);
    return { promise, resolve, reject };
  }
  // LockManager::Request: the request joins the queue, the queue is
  // processed, and the released promise is returned.
  function request(name, clientId, mode, steal, ifAvailable, callback) {
    const record = { callback, waiting: resolver(), released: resolver(), stolen: false };
    const id = host.locksRequest(name, clientId, mode === 'exclusive', steal, ifAvailable);
    records.set(id, record);
    processQueue();
    return record.released.promise;
  }
  // LockManager::ProcessQueue: pass after pass, each granting one of this
  // thread's requests (or answering an ifAvailable one with null).
  function processQueue() {
    for (;;) {
      const [kind, id, name, exclusive, clientId, stolen] = host.locksPass();
      // This thread's locks another thread stole: their released promises reject.
      for (const sid of stolen) {
        const held = records.get(sid);
        if (held === undefined) continue;
        held.stolen = true;
        held.released.reject(new Error(LOCK_STOLEN_ERROR));
      }
      if (kind === 0) return;
      const record = records.get(id);
      if (kind === 1) {
        // ifAvailable, and not available: the callback gets null; no lock is held.
        records.delete(id);
        let result;
        try {
          result = record.callback(null);
        } catch (error) {
          record.waiting.reject(error);
          record.released.reject(error);
          return;
        }
        if (isPromise(result)) {
          then.call(result, (v) => record.released.resolve(v), (e) => record.released.reject(e));
          record.waiting.resolve(result);
          return;
        }
        record.waiting.resolve(result);
        record.released.resolve(result);
        return;
      }
      // Granted: the callback gets the lock's information.
      let result;
      try {
        result = record.callback({ name, mode: exclusive ? 'exclusive' : 'shared', clientId });
      } catch (error) {
        // (Node leaves such a lock held.)
        record.waiting.reject(error);
        record.released.reject(error);
        return;
      }
      const onFulfilled = (v) => releaseLockAndProcessQueue(id, v, false);
      const onRejected = (e) => releaseLockAndProcessQueue(id, e, true);
      if (isPromise(result)) {
        then.call(result, onFulfilled, onRejected);
        record.waiting.resolve(result);
      } else {
        record.waiting.resolve(result);
        onFulfilled(result);
      }
    }
  }
  // LockManager::ReleaseLockAndProcessQueue: once the callback's result settles.
  function releaseLockAndProcessQueue(id, result, rejected) {
    host.locksRelease(id);
    const record = records.get(id);
    records.delete(id);
    if (record !== undefined && !record.stolen) {
      if (rejected) record.released.reject(result);
      else record.released.resolve(result);
    }
    processQueue();
  }

  // ------------------------------------------------------------ LockManager
  const MODES = ['shared', 'exclusive'];
  function convertLockOptions(options) {
    if (options !== undefined && options !== null && typeof options !== 'object' && typeof options !== 'function') {
      throw invalidArgType('options', 'object', options);
    }
    const o = options ?? {};
    let mode = 'exclusive';
    if (o.mode !== undefined) {
      mode = `${o.mode}`;
      if (!MODES.includes(mode)) throw nodeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The provided value '${mode}' is not a valid enum value of type LockMode.`);
    }
    const ifAvailable = o.ifAvailable === undefined ? false : !!o.ifAvailable;
    const steal = o.steal === undefined ? false : !!o.steal;
    const signal = o.signal;
    if (signal !== undefined && (signal === null || (typeof signal !== 'object' && typeof signal !== 'function'))) {
      throw invalidArgType('options.signal', 'object', signal);
    }
    return { mode, ifAvailable, steal, signal };
  }
  // https://w3c.github.io/web-locks/#api-lock-manager
  class LockManager {
    constructor(symbol = undefined) {
      if (symbol !== kConstructLockManager) throw nodeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
    }
    // https://w3c.github.io/web-locks/#api-lock-manager-request
    async request(name, options, callback = undefined) {
      if (callback === undefined) {
        callback = options;
        options = undefined;
      }
      name = `${name}`;
      validateFunction(callback, 'callback');
      if (options === undefined || typeof options === 'function') options = {};
      const { mode, ifAvailable, steal, signal } = convertLockOptions(options);
      if (signal !== undefined && !(signal instanceof internals.eventTargets().AbortSignal)) {
        throw invalidArgType('options.signal', 'AbortSignal', signal);
      }
      if (signal) signal.throwIfAborted();
      if (name[0] === '-') throw new g.DOMException('Lock name may not start with hyphen', 'NotSupportedError');
      if (ifAvailable === true && steal === true) throw new g.DOMException('ifAvailable and steal are mutually exclusive', 'NotSupportedError');
      if (mode !== 'exclusive' && steal === true) throw new g.DOMException('mode: "shared" and steal are mutually exclusive', 'NotSupportedError');
      if (signal && (steal === true || ifAvailable === true)) throw new g.DOMException('signal cannot be used with steal or ifAvailable', 'NotSupportedError');
      const clientId = `node-${internals.pid}-${internals.require('worker_threads').threadId}`;
      if (signal) {
        return new Promise((resolve, reject) => {
          let lockGranted = false;
          const abortListener = () => {
            if (!lockGranted) reject(signal.reason || new g.DOMException('The operation was aborted', 'AbortError'));
          };
          signal.addEventListener('abort', abortListener, { once: true });
          const wrappedCallback = (lock) => then.call(Promise.resolve(), () => {
            if (signal.aborted) return undefined;
            lockGranted = true;
            return callback(createLock(lock));
          });
          try {
            const released = request(name, clientId, mode, steal, ifAvailable, wrappedCallback);
            promiseFinally.call(then.call(released, resolve, (error) => reject(convertLockError(error))), () => signal.removeEventListener('abort', abortListener));
          } catch (error) {
            signal.removeEventListener('abort', abortListener);
            reject(convertLockError(error));
          }
        });
      }
      const wrapCallback = (internalLock) => callback(createLock(internalLock));
      try {
        return await request(name, clientId, mode, steal, ifAvailable, wrapCallback);
      } catch (error) {
        throw convertLockError(error);
      }
    }
    // https://w3c.github.io/web-locks/#api-lock-manager-query
    async query() {
      if (this instanceof LockManager) {
        const [held, pending] = host.locksQuery();
        const info = ([name, exclusive, clientId]) => ({ name, mode: exclusive ? 'exclusive' : 'shared', clientId });
        return Promise.resolve({ held: held.map(info), pending: pending.map(info) });
      }
      throw nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type LockManager');
    }
  }
  Object.defineProperties(LockManager.prototype, {
    request: { enumerable: true },
    query: { enumerable: true },
    [Symbol.toStringTag]: { value: 'LockManager', writable: false, enumerable: false, configurable: true },
  });

  return { Lock, LockManager, locks: new LockManager(kConstructLockManager), processQueue };
})

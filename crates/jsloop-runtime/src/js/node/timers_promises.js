// jsloop node glue: timers/promises
// (https://nodejs.org/api/timers.html#timers-promises-api), read when a
// program first asks for it (require('timers/promises'), or
// util.promisify.custom's getters on setTimeout and setImmediate:
// 40_node.js's timersPromisesOf), as Node's lib/timers.js requires
// lib/timers/promises.js lazily. `internals` is 40_node.js's: its error
// makers, validateNumber and the global (whose setTimeout, setImmediate and
// their clear functions the promises use, as Node's use its timers').
(function (internals) {
  'use strict';
  const { nodeError, invalidArgType, validateNumber, global: g } = internals;
  // timers/promises (https://nodejs.org/api/timers.html#timers-promises-api),
  // as Node's lib/timers/promises.js builds it on its Timeout and Immediate.
  const abortError = (signal) => {
    const e = new Error('The operation was aborted', signal && signal.reason !== undefined ? { cause: signal.reason } : undefined);
    e.name = 'AbortError';
    e.code = 'ABORT_ERR';
    return e;
  };
  // { signal, ref = true }: an object, a signal (an AbortSignal, by its
  // shape: the node host has none of its own yet), a boolean ref.
  function timerOptions(options) {
    if (options === null || typeof options !== 'object') throw invalidArgType('options', 'Object', options);
    const { signal, ref = true } = options;
    if (signal !== undefined && (signal === null || typeof signal !== 'object' || !('aborted' in signal))) throw invalidArgType('options.signal', 'AbortSignal', signal);
    if (typeof ref !== 'boolean') throw invalidArgType('options.ref', 'boolean', ref);
    return { signal, ref };
  }
  // A promise settled by a timer or an immediate, rejected if the signal aborts.
  function cancellable(start, clear, signal) {
    let onAbort;
    const promise = new Promise((resolve, reject) => {
      const handle = start(resolve);
      if (signal) {
        onAbort = () => { clear(handle); reject(abortError(signal)); };
        signal.addEventListener('abort', onAbort);
      }
    });
    return onAbort === undefined ? promise : promise.finally(() => signal.removeEventListener('abort', onAbort));
  }
  const timersPromises = {
    setTimeout(after, value, options = {}) {
      let o;
      try {
        if (after !== undefined) validateNumber(after, 'delay');
        o = timerOptions(options);
      } catch (e) { return Promise.reject(e); }
      if (o.signal && o.signal.aborted) return Promise.reject(abortError(o.signal));
      return cancellable((resolve) => {
        const t = g.setTimeout(resolve, after, value);
        if (!o.ref) t.unref();
        return t;
      }, g.clearTimeout, o.signal);
    },
    setImmediate(value, options = {}) {
      let o;
      try { o = timerOptions(options); } catch (e) { return Promise.reject(e); }
      if (o.signal && o.signal.aborted) return Promise.reject(abortError(o.signal));
      return cancellable((resolve) => {
        const i = g.setImmediate(resolve, value);
        if (!o.ref) i.unref();
        return i;
      }, g.clearImmediate, o.signal);
    },
    // One interval; each of its runs is counted, and the iterator yields
    // once per run not yet yielded (so runs are not lost while the loop
    // body awaits).
    async *setInterval(after, value, options = {}) {
      if (after !== undefined) validateNumber(after, 'delay');
      const { signal, ref } = timerOptions(options);
      if (signal && signal.aborted) throw abortError(signal);
      let interval;
      let onAbort;
      try {
        let notYielded = 0;
        let wake;
        interval = g.setInterval(() => {
          notYielded++;
          if (wake) { const w = wake; wake = undefined; w(); }
        }, after);
        if (!ref) interval.unref();
        if (signal) {
          onAbort = () => {
            g.clearInterval(interval);
            if (wake) { const w = wake; wake = undefined; w(Promise.reject(abortError(signal))); }
          };
          signal.addEventListener('abort', onAbort, { once: true });
        }
        while (!(signal && signal.aborted)) {
          if (notYielded === 0) await new Promise((resolve) => { wake = resolve; });
          for (; notYielded > 0; notYielded--) yield value;
        }
        throw abortError(signal);
      } finally {
        g.clearInterval(interval);
        if (signal && onAbort) signal.removeEventListener('abort', onAbort);
      }
    },
  };
  // Node's Scheduler (lib/timers/promises.js): one instance, `scheduler`;
  // its class cannot be constructed by programs.
  const kScheduler = Symbol('kScheduler');
  class Scheduler {
    constructor(token) {
      if (token !== kScheduler) throw nodeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
      this[kScheduler] = true;
    }
    yield() {
      if (!this[kScheduler]) throw nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type Scheduler');
      return timersPromises.setImmediate();
    }
    wait(delay, options) {
      if (!this[kScheduler]) throw nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type Scheduler');
      return timersPromises.setTimeout(delay, undefined, options);
    }
  }
  timersPromises.scheduler = new Scheduler(kScheduler);
  return timersPromises;
})

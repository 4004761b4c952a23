// jsloop node glue: unhandled promise rejections as Node deals with them
// (lib/internal/process/promises.js), read when the host first reports a
// rejection (40_node.js's processPromiseRejections): a program none of
// whose promises is rejected does not read this at start-up. `d` is what
// 40_node.js shares: the host, process, the promises marked handled, its
// fatalException, and the Error, Map and WeakMap constructors as they were
// at start-up (the classes below extend that Error, as when they were made
// at start-up).
(function (d) {
  'use strict';
  const { host, process, markedHandled, fatalException, StartError, StartMap, StartWeakMap } = d;
  // V8's Object::NoSideEffectsToString, as Node words a rejection's reason:
  // a string as it is, a function's source, an error as `Name: message`,
  // an object whose toString is Object.prototype's as `#<Constructor>`,
  // anything else by its built-in tag.
  const dataProperty = (o, key) => {
    for (let p = o; p !== null; p = Object.getPrototypeOf(p)) {
      const d = Object.getOwnPropertyDescriptor(p, key);
      if (d) return 'value' in d ? d.value : undefined;
    }
    return undefined;
  };
  function noSideEffectsToString(v) {
    if (typeof v === 'string') return v;
    if (typeof v === 'symbol') return Symbol.prototype.toString.call(v);
    if (typeof v === 'function') return Function.prototype.toString.call(v);
    if (v === null || typeof v !== 'object') return String(v);
    const toString = dataProperty(v, 'toString');
    if (v instanceof Error || toString === Error.prototype.toString) {
      const name = dataProperty(v, 'name');
      const message = dataProperty(v, 'message');
      const n = name === undefined ? 'Error' : String(name);
      const m = message === undefined ? '' : String(message);
      return n === '' ? m : m === '' ? n : `${n}: ${m}`;
    }
    if (toString === Object.prototype.toString) {
      const ctor = dataProperty(v, 'constructor');
      if (typeof ctor === 'function' && ctor.name) return `#<${ctor.name}>`;
    }
    return Object.prototype.toString.call(v);
  }
  // lib/internal/process/promises.js: what an unhandled rejection whose
  // reason is not an Error is raised as.
  class UnhandledPromiseRejection extends StartError {
    code = 'ERR_UNHANDLED_REJECTION';
    constructor(reason) {
      super('This error originated either by throwing inside of an async function without a catch block, or by rejecting a promise which was not handled with .catch(). The promise rejected with the reason "' + noSideEffectsToString(reason) + '".');
      this.name = 'UnhandledPromiseRejection';
    }
  }
  // Node ≥ 15 (--unhandled-rejections=throw): an unhandled rejection goes to
  // 'unhandledRejection' listeners, or else is raised as an uncaught exception.
  // lib/internal/process/promises.js. The host hands over the rejection
  // tracker's events ([promise, reason, handled, rejection id, …]) after
  // each microtask checkpoint; the rejections still not handled then are
  // dealt with as `--unhandled-rejections` says (host.unhandledRejections):
  // 'unhandledRejection' listeners, and for `throw` (the default) an
  // uncaught exception if none took it, for `strict` one first, for `warn`
  // a warning, for `warn-with-error-code` a warning and exit code 1, for
  // `none` nothing more. One handled after that is 'rejectionHandled', or a
  // PromiseRejectionHandledWarning if nobody listens.
  const unhandledRejectionsMode = host.unhandledRejections || 'throw';
  // Not yet dealt with, in the order they came: promise → [reason, id].
  const pending = new StartMap();
  // Dealt with (Node's `promiseInfo.dealtWith`): promise → id.
  const dealtWith = new StartWeakMap();
  const isErrorLike = (o) => o instanceof Error || (o !== null && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, 'stack'));
  class PromiseRejectionHandledWarning extends StartError {
    constructor(uid) {
      super(`Promise rejection was handled asynchronously (rejection id: ${uid})`);
      this.name = 'PromiseRejectionHandledWarning';
      this.id = uid;
    }
  }
  function emitUnhandledRejectionWarning(uid, reason) {
    const warning = new Error('Unhandled promise rejection. This error originated either by throwing inside of an async function without a catch block, or by rejecting a promise which was not handled with .catch(). To terminate the node process on unhandled promise rejection, use the CLI flag `--unhandled-rejections=strict` (see https://nodejs.org/api/cli.html#cli_unhandled_rejections_mode). ' + `(rejection id: ${uid})`);
    warning.name = 'UnhandledPromiseRejectionWarning';
    try {
      if (isErrorLike(reason)) {
        // (V8's stack begins with `Name: message`; QuickJS's with the frames.)
        let stack = String(reason.stack);
        const head = noSideEffectsToString(reason);
        if (!stack.startsWith(head)) stack = `${head}\n${stack}`.trimEnd();
        warning.stack = stack;
        process.emitWarning(stack, 'UnhandledPromiseRejectionWarning');
      } else {
        process.emitWarning(noSideEffectsToString(reason), 'UnhandledPromiseRejectionWarning');
      }
    } catch {
      try {
        process.emitWarning(noSideEffectsToString(reason), 'UnhandledPromiseRejectionWarning');
      } catch {
        // Ignored, as Node does.
      }
    }
    process.emitWarning(warning);
  }
  const raise = (reason) => {
    const error = isErrorLike(reason) ? reason : new UnhandledPromiseRejection(reason);
    if (!fatalException(error, true)) host.fatal(error);
  };
  return function processPromiseRejections(events) {
    let more = false;
    for (let i = 0; i < events.length; i += 4) {
      const promise = events[i], reason = events[i + 1], handled = events[i + 2], id = events[i + 3];
      if (!handled) {
        if (markedHandled.has(promise)) continue;
        pending.set(promise, [reason, id]);
      } else if (!pending.delete(promise) && dealtWith.has(promise)) {
        const warning = new PromiseRejectionHandledWarning(dealtWith.get(promise));
        dealtWith.delete(promise);
        more = true;
        if (!process.emit('rejectionHandled', promise)) process.emitWarning(warning);
      }
    }
    for (const [promise, [reason, uid]] of pending) {
      pending.delete(promise);
      dealtWith.set(promise, uid);
      const emit = () => process.emit('unhandledRejection', reason, promise);
      switch (unhandledRejectionsMode) {
        case 'strict': {
          raise(reason);
          if (!emit()) emitUnhandledRejectionWarning(uid, reason);
          break;
        }
        case 'none':
          emit();
          break;
        case 'warn':
          emit();
          emitUnhandledRejectionWarning(uid, reason);
          break;
        case 'warn-with-error-code':
          if (!emit()) {
            emitUnhandledRejectionWarning(uid, reason);
            process.exitCode = 1;
          }
          break;
        default:
          if (!emit()) raise(reason);
      }
      more = true;
    }
    return more;
  };
})

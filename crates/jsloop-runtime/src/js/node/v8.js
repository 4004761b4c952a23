// jsloop node glue: the parts of the `v8` module (https://nodejs.org/api/v8.html)
// that hold on an engine that is not V8: the startup snapshot API, which
// says no snapshot is being built (jsloop never builds one), as Node does
// when run without --build-snapshot; and promiseHooks, on QuickJS's promise
// hook (node/promise_hooks.rs), as Node's lib/internal/promise_hooks.js
// keeps them: lists of hooks per kind, each hook a function to stop it.
// QuickJS reports a promise's creation (init, with its parent) as V8 does,
// but its before/after only around a thenable's resolution job and its
// resolve only for fulfilment: onBefore, onAfter and onSettled (and
// createHook with them) throw ERR_METHOD_NOT_IMPLEMENTED rather than miss
// most of their events.
// internals: { nodeError, invalidArgType, host }
(function (internals) {
  'use strict';
  const notBuilding = () => internals.nodeError(Error, 'ERR_NOT_BUILDING_SNAPSHOT', 'Operation cannot be invoked when not building startup snapshot');
  const startupSnapshot = {
    // (Node answers with its flag's byte, 0, not false.)
    isBuildingSnapshot: () => 0,
    addSerializeCallback() { throw notBuilding(); },
    addDeserializeCallback() { throw notBuilding(); },
    setDeserializeMainFunction() { throw notBuilding(); },
  };

  // ---------------------------------------------------------------- promiseHooks
  const hooks = { init: [], before: [], after: [], settled: [] };
  const KINDS = ['init', 'before', 'after', 'settled'];
  const host = internals.host;
  let running = false;
  // The engine's hook: every hook of the kind, in the order they were
  // added; what one throws is an uncaught exception (after this tick), and
  // promises the hooks themselves make call no hooks.
  function dispatch(kind, promise, parent) {
    if (running) return;
    const list = hooks[KINDS[kind]];
    if (list === undefined || list.length === 0) return;
    running = true;
    try {
      for (const hook of list.slice()) {
        try {
          if (kind === 0) hook(promise, parent);
          else hook(promise);
        } catch (err) {
          process.nextTick(() => { throw err; });
        }
      }
    } finally {
      running = false;
    }
  }
  function update() {
    if (host && typeof host.setPromiseHook === 'function') {
      host.setPromiseHook(KINDS.some((k) => hooks[k].length > 0) ? dispatch : null);
    }
  }
  const isAsyncFunction = (fn) => {
    const tag = Object.prototype.toString.call(fn);
    return tag === '[object AsyncFunction]' || tag === '[object AsyncGeneratorFunction]';
  };
  // Node's validatePlainFunction.
  function validatePlainFunction(fn, name) {
    if (typeof fn !== 'function' || isAsyncFunction(fn)) throw internals.invalidArgType(name, 'function', fn);
  }
  function stop(kind, fn) {
    const index = hooks[kind].indexOf(fn);
    if (index !== -1) {
      hooks[kind].splice(index, 1);
      update();
    }
  }
  const makeUseHook = (kind) => (fn) => {
    validatePlainFunction(fn, `${kind}Hook`);
    hooks[kind].push(fn);
    update();
    return () => stop(kind, fn);
  };
  const onInit = makeUseHook('init');
  const notImplemented = (kind) => (fn) => {
    validatePlainFunction(fn, `${kind}Hook`);
    throw internals.nodeError(Error, 'ERR_METHOD_NOT_IMPLEMENTED', `The ${kind} promise hook is not implemented (QuickJS reports only part of these events)`);
  };
  const onBefore = notImplemented('before');
  const onAfter = notImplemented('after');
  const onSettled = notImplemented('settled');
  function createHook({ init, before, after, settled } = {}) {
    // (Every hook is checked before any is added.)
    for (const [kind, fn] of [['init', init], ['before', before], ['after', after], ['settled', settled]]) {
      if (fn) validatePlainFunction(fn, `${kind}Hook`);
    }
    if (before) onBefore(before);
    if (after) onAfter(after);
    if (settled) onSettled(settled);
    const stops = [];
    if (init) stops.push(onInit(init));
    if (before) stops.push(onBefore(before));
    if (after) stops.push(onAfter(after));
    if (settled) stops.push(onSettled(settled));
    return () => { for (const s of stops) s(); };
  }
  const promiseHooks = { createHook, onInit, onBefore, onAfter, onSettled };
  return { startupSnapshot, promiseHooks };
})

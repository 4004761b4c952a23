// jsloop node glue: the parts of 40_node.js a start does not run, read
// when first needed (40_node.js's nodeMore): Node's address grammars
// (isIPv4, isIPv6, isIP, which net and dns share), the built-in modules
// that are not one glue factory's exports, and the built-in modules as
// globals for `-e`/`-p` code; and what only some runs take: process's
// minimal emitter, --trace's Promise.prototype.then and the virtual clock's
// Atomics.wait. `d` is what 40_node.js shares: the host, the
// global, its internals, process, the built-in module table, requireBuiltin
// and the makers of the modules it holds.
(function (d) {
  'use strict';
  const { host, g, internals, builtins, schemeOnly, requireBuiltin, buffers, netModule, workerThreads } = d;
  // Node's isIPv4 / isIPv6 / isIP (lib/internal/net.js): the address
  // grammars, compiled on first use.
  function makeAddressGrammar() {
    const v4Seg = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
    const v4Str = `(?:${v4Seg}\\.){3}${v4Seg}`;
    const IPv4Reg = new RegExp(`^${v4Str}$`);
    const v6Seg = '(?:[0-9a-fA-F]{1,4})';
    const IPv6Reg = new RegExp('^(?:' +
      `(?:${v6Seg}:){7}(?:${v6Seg}|:)|` +
      `(?:${v6Seg}:){6}(?:${v4Str}|:${v6Seg}|:)|` +
      `(?:${v6Seg}:){5}(?::${v4Str}|(?::${v6Seg}){1,2}|:)|` +
      `(?:${v6Seg}:){4}(?:(?::${v6Seg}){0,1}:${v4Str}|(?::${v6Seg}){1,3}|:)|` +
      `(?:${v6Seg}:){3}(?:(?::${v6Seg}){0,2}:${v4Str}|(?::${v6Seg}){1,4}|:)|` +
      `(?:${v6Seg}:){2}(?:(?::${v6Seg}){0,3}:${v4Str}|(?::${v6Seg}){1,5}|:)|` +
      `(?:${v6Seg}:){1}(?:(?::${v6Seg}){0,4}:${v4Str}|(?::${v6Seg}){1,6}|:)|` +
      `(?::(?:(?::${v6Seg}){0,5}:${v4Str}|(?::${v6Seg}){1,7}|:))` +
      ')(?:%[0-9a-zA-Z-.:]{1,})?$');
    const isIPv4 = (s) => IPv4Reg.test(`${s}`);
    // (Every IPv6 form has a ':': a string with none is not one, without
    // running the expression, which takes about 10k instructions to say so
    // of a host name such as 'localhost'.)
    const isIPv6 = (s) => {
      s = `${s}`;
      return s.includes(':') && IPv6Reg.test(s);
    };
    const isIP = (s) => (isIPv4(s) ? 4 : isIPv6(s) ? 6 : 0);
    return { isIPv4, isIPv6, isIP };
  }
  // The built-ins that are not one glue factory's exports, made when first
  // required (one function, not a closure per module made at start-up).
  function makeBuiltin(name) {
    switch (name) {
      case 'assert/strict': return requireBuiltin('assert').strict;
      case 'path/posix': return requireBuiltin('path').posix;
      case 'path/win32': return requireBuiltin('path').win32;
      case 'stream/promises': return requireBuiltin('stream').promises;
      case 'stream/consumers': return host.glue('node/stream_consumers.js')(internals);
      case '_stream_readable': return requireBuiltin('stream').Readable;
      case '_stream_writable': return requireBuiltin('stream').Writable;
      case '_stream_duplex': return requireBuiltin('stream').Duplex;
      case '_stream_transform': return requireBuiltin('stream').Transform;
      case '_stream_passthrough': return requireBuiltin('stream').PassThrough;
      case 'stream/web': return d.streamWeb().module;
      case 'buffer': return buffers().module;
      case 'fs': return host.glue('42_fs.js')(host, buffers().Buffer, internals);
      case 'fs/promises': return requireBuiltin('fs').promises;
      case 'net': return netModule();
      case 'timers': return ({ setTimeout: g.setTimeout, clearTimeout: g.clearTimeout, setInterval: g.setInterval, clearInterval: g.clearInterval, setImmediate: g.setImmediate, clearImmediate: g.clearImmediate, promises: requireBuiltin('timers/promises') });
      case 'timers/promises': return d.timersPromises();
      case 'process': return d.process();
      case 'worker_threads': return workerThreads().module;
      case '_http_agent': return requireBuiltin('http')[Symbol.for('jsloop.node.http.modules')]._http_agent;
      case '_http_client': return requireBuiltin('http')[Symbol.for('jsloop.node.http.modules')]._http_client;
      case '_http_common': return requireBuiltin('http')[Symbol.for('jsloop.node.http.modules')]._http_common;
      case '_http_incoming': return requireBuiltin('http')[Symbol.for('jsloop.node.http.modules')]._http_incoming;
      case '_http_outgoing': return requireBuiltin('http')[Symbol.for('jsloop.node.http.modules')]._http_outgoing;
      case '_http_server': return requireBuiltin('http')[Symbol.for('jsloop.node.http.modules')]._http_server;
      case 'util/types': return requireBuiltin('util').types;
      case 'dns/promises': return requireBuiltin('dns').promises;
      case 'readline/promises': return requireBuiltin('readline').promises;
      default: return undefined;
    }
  }
  // Node's addBuiltinLibsToObject (lib/internal/modules/helpers.js): each
  // built-in module a global, made when first read, replaceable.
  function addBuiltinLibsToObject(object) {
    for (const name of Object.keys(builtins)) {
      if (name.startsWith('_') || name.includes('/') || schemeOnly.has(name) || Object.prototype.hasOwnProperty.call(object, name)) continue;
      const set = (value) => Object.defineProperty(object, name, { value, writable: true, configurable: true, enumerable: true });
      Object.defineProperty(object, name, {
        configurable: true,
        enumerable: false,
        get() {
          const lib = requireBuiltin(name);
          Object.defineProperty(object, name, { value: lib, writable: true, configurable: true, enumerable: false });
          return lib;
        },
        set,
      });
    }
  }
  // A minimal emitter on process for when the events module cannot be
  // made (process's 'warning', 'exit' and the rest still work).
  function minimalEmitter(process, define) {
    const listeners = new Map();
    define(process, {
      on(name, fn) { if (!listeners.has(name)) listeners.set(name, []); listeners.get(name).push(fn); return process; },
      once(name, fn) { const w = (...a) => { process.off(name, w); fn.apply(process, a); }; return process.on(name, w); },
      off(name, fn) { const l = listeners.get(name) || []; const i = l.indexOf(fn); if (i >= 0) l.splice(i, 1); return process; },
      emit(name, ...args) { const l = (listeners.get(name) || []).slice(); for (const fn of l) fn.apply(process, args); return l.length > 0; },
      listenerCount(name) { return (listeners.get(name) || []).length; },
    });
    process.addListener = process.on;
    process.removeListener = process.off;
  }
  // With --trace (40_node.js): Promise.prototype.then replaced by one that
  // notes where `.then` is called (with the script's call stack: whether
  // its reaction job is queued now or when the promise settles) and whose
  // reactions say, as their jobs start, that they are promise reactions
  // and where `.then` was called (as the browser host's). `thenUntraced`
  // is the engine's.
  function traceThen(thenUntraced) {
    const wrap = (f, origin) => typeof f !== 'function' ? f : function (v) {
      host.traceMicrotask('promise reaction', origin);
      return f(v);
    };
    Object.defineProperty(Promise.prototype, 'then', {
      configurable: true, writable: true,
      value: function then(onFulfilled, onRejected) {
        const origin = host.traceThen(this);
        if (origin === undefined) return thenUntraced.call(this, onFulfilled, onRejected);
        return thenUntraced.call(this, wrap(onFulfilled, origin), wrap(onRejected, origin));
      },
    });
  }
  // Under the virtual clock (40_node.js): an Atomics.wait that times out
  // takes its timeout in virtual time, at once (no other thread can wake
  // it: no memory is shared between threads), so the run stays repeatable.
  function virtualAtomicsWait(define) {
    const realWait = Atomics.wait;
    define(Atomics, {
      wait: function wait(typedArray, index, value, timeout) {
        const t = timeout === undefined ? Infinity : Number(timeout);
        if (Number.isNaN(t) || t === Infinity) return realWait(typedArray, index, value, timeout);
        const result = realWait(typedArray, index, value, 0);
        if (result === 'timed-out') host.stall(t);
        return result;
      },
    });
  }
  return { makeAddressGrammar, makeBuiltin, addBuiltinLibsToObject, minimalEmitter, traceThen, virtualAtomicsWait };
})

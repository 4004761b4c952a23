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
// most of their events. The heap's figures and snapshots are QuickJS's
// (see below).
// internals: { nodeError, invalidArgType, host, require }
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

  // ------------------------------------------------------------ heap figures
  // https://nodejs.org/api/v8.html#v8getheapstatistics
  // QuickJS's own count of its heap (node/v8.rs): the bytes it has
  // allocated (read in constant time from its allocation counters) and
  // its limit (a Worker's resourceLimits); with no limit the heap may grow
  // to the machine's memory. QuickJS has one heap, with no executable or
  // external part (bytecode and array buffers are in it), no heap handles
  // or detached contexts (all 0 here), and keeps no peak: the largest
  // allocation seen by these calls stands for it.
  const M = { malloc: 0, limit: 1, used: 2, objects: 3, strings: 4, functions: 5, bytecode: 6, buffers: 7, atoms: 8, shapes: 9, props: 10, objectCount: 11, propCount: 12 };
  let peakMalloced = 0;
  // [allocated bytes, limit or -1]
  function allocated() {
    const m = host.v8.mallocState();
    if (m !== null && m !== undefined) return m;
    const mem = host.v8.memoryUsage();
    return [mem[M.malloc], mem[M.limit]];
  }
  const heapLimit = (limit) => (limit >= 0 ? limit : internals.require('os').totalmem());
  function getHeapStatistics() {
    const [size, given] = allocated();
    const limit = heapLimit(given);
    peakMalloced = Math.max(peakMalloced, size);
    return {
      total_heap_size: size,
      total_heap_size_executable: 0,
      total_physical_size: size,
      total_available_size: Math.max(limit - size, 0),
      used_heap_size: size,
      heap_size_limit: limit,
      malloced_memory: size,
      peak_malloced_memory: peakMalloced,
      does_zap_garbage: 0,
      number_of_native_contexts: 1,
      number_of_detached_contexts: 0,
      total_global_handles_size: 0,
      used_global_handles_size: 0,
      external_memory: 0,
    };
  }
  // https://nodejs.org/api/v8.html#v8getheapspacestatistics
  // V8's spaces, by name. QuickJS has one generation and one heap: all of
  // it is counted as old_space; new_space, code_space and the others are
  // empty.
  const SPACES = ['read_only_space', 'new_space', 'old_space', 'code_space', 'shared_space', 'trusted_space', 'shared_trusted_space', 'new_large_object_space', 'large_object_space', 'code_large_object_space', 'shared_large_object_space', 'shared_trusted_large_object_space', 'trusted_large_object_space'];
  function getHeapSpaceStatistics() {
    const [size, given] = allocated();
    const available = Math.max(heapLimit(given) - size, 0);
    return SPACES.map((name) => {
      const used = name === 'old_space' ? size : 0;
      return { space_name: name, space_size: used, space_used_size: used, space_available_size: name === 'old_space' ? available : 0, physical_space_size: used };
    });
  }
  // https://nodejs.org/api/v8.html#v8getheapcodestatistics
  function getHeapCodeStatistics() {
    const mem = host.v8.memoryUsage();
    return { code_and_metadata_size: mem[M.functions], bytecode_and_metadata_size: mem[M.bytecode], external_script_source_size: 0, cpu_profiler_metadata_size: 0 };
  }

  // https://nodejs.org/api/v8.html#v8setflagsfromstringflags
  // V8 takes the flags for what it makes from now on; QuickJS has none of
  // V8's flags, so they are kept (and read by nothing). Node's workers get
  // their stack size from their resourceLimits, never from --stack-size.
  const flags = new Map();
  function setFlagsFromString(text) {
    if (typeof text !== 'string') throw internals.invalidArgType('flags', 'string', text);
    for (const word of text.split(/\s+/)) {
      const m = /^--?(no-?)?([^=]+)(?:=(.*))?$/.exec(word);
      if (m) flags.set(m[2].replace(/-/g, '_'), m[3] !== undefined ? m[3] : !m[1]);
    }
  }

  // ---------------------------------------------------------- heap snapshots
  // https://nodejs.org/api/v8.html#v8getheapsnapshotoptions
  // A .heapsnapshot (the format of Chrome DevTools, V8's HeapSnapshot
  // JSON) of this thread's QuickJS heap as script can see it: the objects
  // reachable from the global object and from the runtime's own module
  // state, through own properties (a getter or setter is an edge, never
  // called), prototypes, Map and Set entries and array elements; strings,
  // symbols and bigints reached are nodes of their own. QuickJS does not
  // let a closure's captured variables be read, so what only a closure
  // holds is not in it. An object's self size is QuickJS's average object
  // size plus its properties at QuickJS's average property size; a
  // string's, its characters. Ids are stable for an object across
  // snapshots (odd numbers, as V8's).
  const NODE_TYPES = ['hidden', 'array', 'string', 'object', 'code', 'closure', 'regexp', 'number', 'native', 'synthetic', 'concatenated string', 'sliced string', 'symbol', 'bigint', 'object shape'];
  const EDGE_TYPES = ['context', 'element', 'property', 'internal', 'hidden', 'shortcut', 'weak'];
  const T = Object.fromEntries(NODE_TYPES.map((n, i) => [n, i]));
  const E = Object.fromEntries(EDGE_TYPES.map((n, i) => [n, i]));
  const objectIds = new WeakMap();
  let lastId = 1;
  const { apply, ownKeys, getPrototypeOf } = Reflect;
  const getOwn = Object.getOwnPropertyDescriptor;
  const mapForEach = Map.prototype.forEach;
  const setForEach = Set.prototype.forEach;
  const isMap = (v) => { try { apply(getOwn(Map.prototype, 'size').get, v, []); return true; } catch { return false; } };
  const isSet = (v) => { try { apply(getOwn(Set.prototype, 'size').get, v, []); return true; } catch { return false; } };
  const isView = ArrayBuffer.isView;
  const isArray = Array.isArray;
  const isRegExp = (v) => { try { apply(getOwn(RegExp.prototype, 'source').get, v, []); return v !== RegExp.prototype; } catch { return false; } };
  function takeHeapSnapshot(roots) {
    const mem = host.v8.memoryUsage();
    const objectSize = mem[M.objectCount] > 0 ? Math.round(mem[M.objects] / mem[M.objectCount]) : 0;
    const propSize = mem[M.propCount] > 0 ? Math.round(mem[M.props] / mem[M.propCount]) : 0;
    const strings = [];
    const stringIndex = new Map();
    const str = (s) => {
      let i = stringIndex.get(s);
      if (i === undefined) { i = strings.length; strings.push(s); stringIndex.set(s, i); }
      return i;
    };
    const nodes = [];
    const edges = [];
    const nodeOf = new Map();
    const pending = [];
    // A node for a value (objects, functions, strings, symbols, bigints;
    // other primitives are not on the heap): its index in `nodes`.
    function nodeFor(v) {
      let at = nodeOf.get(v);
      if (at !== undefined) return at;
      const kind = typeof v;
      let type; let name; let size; let id;
      if (kind === 'string') {
        type = T.string; name = v.length > 1024 ? v.slice(0, 1024) : v; size = 16 + v.length; id = (lastId += 2);
      } else if (kind === 'symbol') {
        type = T.symbol; name = v.description === undefined ? 'Symbol' : `Symbol(${v.description})`; size = 16; id = (lastId += 2);
      } else if (kind === 'bigint') {
        type = T.bigint; name = 'bigint'; size = 16 + Math.ceil(v.toString(16).length / 2); id = (lastId += 2);
      } else if ((kind === 'object' && v !== null) || kind === 'function') {
        id = objectIds.get(v);
        if (id === undefined) { id = (lastId += 2); objectIds.set(v, id); }
        if (host.v8.isProxy(v)) { type = T.object; name = 'Proxy'; }
        else if (kind === 'function') { type = T.closure; const d = getOwn(v, 'name'); name = d && typeof d.value === 'string' ? d.value : ''; }
        else if (isRegExp(v)) { type = T.regexp; name = `/${apply(getOwn(RegExp.prototype, 'source').get, v, [])}/`; }
        else { type = T.object; name = constructorName(v); }
        size = objectSize;
      } else {
        return -1;
      }
      at = nodes.length;
      nodes.push(type, str(name), id, size, 0, 0, 0);
      nodeOf.set(v, at);
      if (type !== T.string && type !== T.symbol && type !== T.bigint) pending.push(v);
      return at;
    }
    function constructorName(o) {
      try {
        for (let p = getPrototypeOf(o); p !== null && !host.v8.isProxy(p); p = getPrototypeOf(p)) {
          const c = getOwn(p, 'constructor');
          if (c && typeof c.value === 'function') {
            const n = getOwn(c.value, 'name');
            if (n && typeof n.value === 'string' && n.value !== '') return n.value;
          }
        }
      } catch {}
      return 'Object';
    }
    const edge = (type, nameOrIndex, to) => {
      if (to < 0) return 0;
      edges.push(type, typeof nameOrIndex === 'number' ? nameOrIndex : str(nameOrIndex), to);
      return 1;
    };
    const keyName = (k) => (typeof k === 'symbol' ? `<symbol ${k.description ?? ''}>` : k);
    // The root: the synthetic node whose edges lead to everything.
    nodes.push(T.synthetic, str(''), 1, 0, roots.length, 0, 0);
    for (let i = 0; i < roots.length; i++) edges.push(E.element, i + 1, -1);
    const rootEdges = roots.map((r) => nodeFor(r));
    rootEdges.forEach((to, i) => { edges[i * 3 + 2] = to; });
    // Breadth first: a node's edges are written when it is taken, in the
    // order nodes were made, as the format requires.
    for (let next = 0; next < pending.length; next++) {
      const o = pending[next];
      const at = nodeOf.get(o);
      let count = 0;
      if (!host.v8.isProxy(o)) {
        let keys = [];
        try { keys = ownKeys(o); } catch {}
        const view = isView(o);
        const array = isArray(o);
        let props = 0;
        for (const k of keys) {
          // (A typed array's elements are bytes of its buffer, not nodes.)
          if (view && typeof k === 'string' && /^\d+$/.test(k)) continue;
          let d;
          try { d = getOwn(o, k); } catch { continue; }
          if (d === undefined) continue;
          props++;
          const element = array && typeof k === 'string' && /^(0|[1-9]\d*)$/.test(k);
          if ('value' in d) count += element ? edge(E.element, Number(k), nodeFor(d.value)) : edge(E.property, keyName(k), nodeFor(d.value));
          else {
            if (d.get) count += edge(E.property, `get ${keyName(k)}`, nodeFor(d.get));
            if (d.set) count += edge(E.property, `set ${keyName(k)}`, nodeFor(d.set));
          }
        }
        nodes[at + 3] += props * propSize;
        let proto = null;
        try { proto = getPrototypeOf(o); } catch {}
        if (proto !== null) count += edge(E.property, '__proto__', nodeFor(proto));
        let i = 0;
        if (isMap(o)) apply(mapForEach, o, [(value, key) => { count += edge(E.internal, `key ${i}`, nodeFor(key)); count += edge(E.internal, `value ${i++}`, nodeFor(value)); }]);
        else if (isSet(o)) apply(setForEach, o, [(value) => { count += edge(E.internal, `${i++}`, nodeFor(value)); }]);
      }
      nodes[at + 4] = count;
    }
    const snapshot = {
      snapshot: {
        meta: {
          node_fields: ['type', 'name', 'id', 'self_size', 'edge_count', 'trace_node_id', 'detachedness'],
          node_types: [NODE_TYPES, 'string', 'number', 'number', 'number', 'number', 'number'],
          edge_fields: ['type', 'name_or_index', 'to_node'],
          edge_types: [EDGE_TYPES, 'string_or_number', 'node'],
          trace_function_info_fields: ['function_id', 'name', 'script_name', 'script_id', 'line', 'column'],
          trace_node_fields: ['id', 'function_info_index', 'count', 'size', 'children'],
          sample_fields: ['timestamp_us', 'last_assigned_id'],
          location_fields: ['object_index', 'script_id', 'line', 'column'],
        },
        node_count: nodes.length / 7,
        edge_count: edges.length / 3,
        extra_native_bytes: 0,
        trace_function_count: 0,
      },
      nodes,
      edges,
      trace_function_infos: [],
      trace_tree: [],
      samples: [],
      locations: [],
      strings,
    };
    return JSON.stringify(snapshot);
  }
  // Node's getHeapSnapshotOptions (lib/internal/heap_utils.js).
  function snapshotOptions(options) {
    if (options === undefined) return {};
    if (options === null || typeof options !== 'object' || Array.isArray(options)) throw internals.invalidArgType('options', 'object', options);
    for (const key of ['exposeInternals', 'exposeNumericValues']) {
      if (options[key] !== undefined && typeof options[key] !== 'boolean') throw internals.invalidArgType(`options.${key}`, 'boolean', options[key]);
    }
    return options;
  }
  // This thread's heap, as the JSON text of a .heapsnapshot.
  const snapshotText = () => takeHeapSnapshot([globalThis, internals]);
  // A readable stream of the text (Node's HeapSnapshotStream).
  function snapshotStream(text) {
    const { Readable } = internals.require('stream');
    const { Buffer } = internals.require('buffer');
    const stream = new Readable({ read() {} });
    stream.push(Buffer.from(text));
    stream.push(null);
    return stream;
  }
  function getHeapSnapshot(options) {
    snapshotOptions(options);
    return snapshotStream(snapshotText());
  }
  // https://nodejs.org/api/v8.html#v8writeheapsnapshotfilename-options
  let snapshotCount = 0;
  function writeHeapSnapshot(filename, options) {
    if (filename !== undefined && typeof filename !== 'string') throw internals.invalidArgType('path', 'string', filename);
    snapshotOptions(options);
    if (filename === undefined) {
      const d = new Date();
      const p = (n, w = 2) => String(n).padStart(w, '0');
      const threadId = internals.host.threadId || 0;
      filename = `Heap.${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}.${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}.${process.pid}.${threadId}.${p(++snapshotCount, 3)}.heapsnapshot`;
    }
    internals.require('fs').writeFileSync(filename, snapshotText());
    return filename;
  }
  internals.heapSnapshotText = snapshotText;
  internals.heapSnapshotStream = snapshotStream;
  internals.heapSnapshotOptions = snapshotOptions;

  return {
    getHeapSnapshot, getHeapStatistics, getHeapSpaceStatistics, getHeapCodeStatistics,
    setFlagsFromString, writeHeapSnapshot, startupSnapshot, promiseHooks,
  };
})

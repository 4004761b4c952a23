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

  // ------------------------------------------------------- serialization API
  // https://nodejs.org/api/v8.html#serialization-api
  // V8's ValueSerializer wire format (v8/src/objects/value-serializer.cc,
  // version 15), written and read here byte for byte as V8 does, and
  // Node's classes over it (lib/v8.js): DefaultSerializer writes typed
  // arrays, DataViews and Buffers as host objects (a view's own bytes, not
  // its buffer). What V8 decides from its internal representation is
  // decided from the value: a string with no character above U+00FF is
  // one-byte, an integer in the 32-bit range is a small integer, an array
  // with a hole is sparse and one whose elements are all numbers, one of
  // them not a small integer, holds doubles.
  const VERSION = 15;
  const isSmi = (v) => Number.isInteger(v) && v >= -0x80000000 && v <= 0x7fffffff && !Object.is(v, -0);
  const isIndexKey = (k) => /^(0|[1-9]\d*)$/.test(k) && Number(k) < 4294967295;
  const ERROR_TAGS = [[EvalError, 'E'], [RangeError, 'R'], [ReferenceError, 'F'], [SyntaxError, 'S'], [TypeError, 'T'], [URIError, 'U']];
  const VIEW_TAGS = { Int8Array: 'b', Uint8Array: 'B', Uint8ClampedArray: 'C', Int16Array: 'w', Uint16Array: 'W', Int32Array: 'd', Uint32Array: 'D', Float16Array: 'h', Float32Array: 'f', Float64Array: 'F', BigInt64Array: 'q', BigUint64Array: 'Q', DataView: '?' };
  const classOf = (v) => Object.prototype.toString.call(v).slice(8, -1);
  const bufferModule = () => internals.require('buffer');
  function validateView(v, name) {
    if (!isView(v)) throw internals.invalidArgType(name, ['Buffer', 'TypedArray', 'DataView'], v);
  }
  const scratch = new DataView(new ArrayBuffer(8));
  // Arrays V8 would hold as holey: the ones a Deserializer made (V8 makes
  // them so), written back as sparse arrays, as V8 writes them.
  const holeyArrays = new WeakSet();
  class Serializer {
    #bytes = new Uint8Array(64);
    #length = 0;
    #ids = new Map();
    #nextId = 0;
    #viewsAsHostObjects = false;
    #transfers = new Map();
    #reserve(n) {
      if (this.#length + n <= this.#bytes.length) return;
      const grown = new Uint8Array(Math.max(this.#bytes.length * 2, this.#length + n));
      grown.set(this.#bytes.subarray(0, this.#length));
      this.#bytes = grown;
    }
    #byte(b) { this.#reserve(1); this.#bytes[this.#length++] = b; }
    #tag(c) { this.#byte(c.charCodeAt(0)); }
    #raw(u8) { this.#reserve(u8.length); this.#bytes.set(u8, this.#length); this.#length += u8.length; }
    #varint(n) {
      let v = BigInt(n);
      while (v >= 0x80n) { this.#byte(Number(v & 0x7fn) | 0x80); v >>= 7n; }
      this.#byte(Number(v));
    }
    #zigzag(n) { this.#varint(n >= 0 ? 2 * n : -2 * n - 1); }
    #double(d) { scratch.setFloat64(0, d, true); this.#raw(new Uint8Array(scratch.buffer.slice(0))); }
    #string(s) {
      if (!/[^\x00-\xff]/.test(s)) {
        this.#tag('"');
        this.#varint(s.length);
        const out = new Uint8Array(s.length);
        for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
        this.#raw(out);
        return;
      }
      // A two-byte string's characters start at an even offset.
      const byteLength = s.length * 2;
      let varintBytes = 1;
      for (let n = byteLength; n >= 0x80; n = Math.floor(n / 0x80)) varintBytes++;
      if ((this.#length + 1 + varintBytes) & 1) this.#byte(0);
      this.#tag('c');
      this.#varint(byteLength);
      const out = new Uint8Array(byteLength);
      for (let i = 0; i < s.length; i++) { const c = s.charCodeAt(i); out[2 * i] = c & 0xff; out[2 * i + 1] = c >> 8; }
      this.#raw(out);
    }
    #number(v) {
      if (isSmi(v)) { this.#tag('I'); this.#zigzag(v); } else { this.#tag('N'); this.#double(v); }
    }
    #bigint(v) {
      const negative = v < 0n;
      let m = negative ? -v : v;
      const words = [];
      while (m > 0n) { words.push(m & 0xffffffffffffffffn); m >>= 64n; }
      this.#varint((words.length * 8) * 2 + (negative ? 1 : 0));
      for (const w of words) { scratch.setBigUint64(0, w, true); this.#raw(new Uint8Array(scratch.buffer.slice(0))); }
    }
    #cloneError(what) { return new this._getDataCloneError(`${what} could not be cloned.`); }
    #key(k) { if (isIndexKey(k)) this.#number(Number(k)); else this.#string(k); }
    #properties(o, keys) {
      let n = 0;
      for (const k of keys) {
        if (!Object.prototype.propertyIsEnumerable.call(o, k)) continue;
        this.#key(k);
        this.#write(o[k]);
        n++;
      }
      return n;
    }
    #write(v) {
      switch (typeof v) {
        case 'undefined': this.#tag('_'); return;
        case 'boolean': this.#tag(v ? 'T' : 'F'); return;
        case 'number': this.#number(v); return;
        case 'bigint': this.#tag('Z'); this.#bigint(v); return;
        case 'string': this.#string(v); return;
        case 'symbol': throw this.#cloneError(v.toString());
        case 'function': throw this.#cloneError(Function.prototype.toString.call(v));
      }
      if (v === null) { this.#tag('0'); return; }
      const seen = this.#ids.get(v);
      if (seen !== undefined) { this.#tag('^'); this.#varint(seen); return; }
      const kind = classOf(v);
      if (isView(v) && this.#viewsAsHostObjects) {
        this.#ids.set(v, this.#nextId++);
        this.#tag('\\');
        this._writeHostObject(v);
        return;
      }
      if (kind === 'ArrayBuffer' && this.#transfers.has(v)) {
        this.#ids.set(v, this.#nextId++);
        this.#tag('t');
        this.#varint(this.#transfers.get(v));
        return;
      }
      if (isView(v)) {
        // The buffer first (its own object), then the view over it.
        if (!this.#ids.has(v.buffer)) this.#write(v.buffer);
        this.#ids.set(v, this.#nextId++);
        this.#tag('V');
        this.#tag(VIEW_TAGS[kind]);
        this.#varint(v.byteOffset);
        this.#varint(v.byteLength);
        this.#varint(0);
        return;
      }
      this.#ids.set(v, this.#nextId++);
      if (Array.isArray(v)) {
        const length = v.length;
        const keys = Object.keys(v);
        let dense = !holeyArrays.has(v);
        for (let i = 0; dense && i < length; i++) if (!Object.prototype.hasOwnProperty.call(v, i)) dense = false;
        if (dense) {
          const doubles = length > 0 && v.every((x) => typeof x === 'number') && !v.every(isSmi);
          this.#tag('A');
          this.#varint(length);
          for (let i = 0; i < length; i++) {
            const x = v[i];
            if (doubles) { this.#tag('N'); this.#double(x); } else this.#write(x);
          }
          const n = this.#properties(v, keys.filter((k) => !isIndexKey(k) || Number(k) >= length));
          this.#tag('$');
          this.#varint(n);
          this.#varint(length);
        } else {
          this.#tag('a');
          this.#varint(length);
          const n = this.#properties(v, keys);
          this.#tag('@');
          this.#varint(n);
          this.#varint(length);
        }
        return;
      }
      switch (kind) {
        case 'Date': this.#tag('D'); this.#double(Date.prototype.getTime.call(v)); return;
        case 'RegExp': {
          this.#tag('R');
          this.#string(v.source);
          const f = v.flags;
          const bits = { d: 128, g: 1, i: 2, m: 4, s: 32, u: 16, v: 256, y: 8 };
          let flags = 0;
          for (const c of f) flags |= bits[c] || 0;
          this.#varint(flags);
          return;
        }
        case 'Map': {
          this.#tag(';');
          let n = 0;
          for (const [k, x] of Map.prototype.entries.call(v)) { this.#write(k); this.#write(x); n += 2; }
          this.#tag(':');
          this.#varint(n);
          return;
        }
        case 'Set': {
          this.#tag("'");
          let n = 0;
          for (const x of Set.prototype.values.call(v)) { this.#write(x); n++; }
          this.#tag(',');
          this.#varint(n);
          return;
        }
        case 'ArrayBuffer': {
          if (v.detached) throw this.#cloneError('An ArrayBuffer is detached and');
          const bytes = new Uint8Array(v);
          if (v.resizable) { this.#tag('~'); this.#varint(bytes.length); this.#varint(v.maxByteLength); } else { this.#tag('B'); this.#varint(bytes.length); }
          this.#raw(bytes);
          return;
        }
        case 'SharedArrayBuffer': {
          const id = this._getSharedArrayBufferId(v);
          this.#tag('u');
          this.#varint(id);
          return;
        }
        case 'Boolean': this.#tag(Boolean.prototype.valueOf.call(v) ? 'y' : 'x'); return;
        case 'Number': this.#tag('n'); this.#double(Number.prototype.valueOf.call(v)); return;
        case 'BigInt': this.#tag('z'); this.#bigint(BigInt.prototype.valueOf.call(v)); return;
        case 'String': this.#tag('s'); this.#string(String.prototype.valueOf.call(v)); return;
        case 'Error': {
          this.#tag('r');
          const proto = Object.getPrototypeOf(v);
          const entry = ERROR_TAGS.find(([C]) => C.prototype === proto);
          if (entry) this.#tag(entry[1]);
          const message = Object.getOwnPropertyDescriptor(v, 'message');
          if (message && 'value' in message) { this.#tag('m'); this.#string(String(message.value)); }
          const stack = v.stack;
          if (typeof stack === 'string') { this.#tag('s'); this.#string(stack); }
          const cause = Object.getOwnPropertyDescriptor(v, 'cause');
          if (cause && 'value' in cause) { this.#tag('c'); this.#write(cause.value); }
          this.#tag('.');
          return;
        }
        case 'Object': case 'Arguments': break;
        default:
          if (typeof v[Symbol.toStringTag] !== 'string' || v instanceof WeakMap || v instanceof WeakSet || v instanceof Promise || v instanceof WeakRef) throw this.#cloneError(`#<${kind}>`);
      }
      this.#tag('o');
      const n = this.#properties(v, Object.keys(v));
      this.#tag('{');
      this.#varint(n);
    }
    writeHeader() { this.#byte(0xff); this.#varint(VERSION); }
    writeValue(value) { this.#write(value); return true; }
    releaseBuffer() {
      const out = bufferModule().Buffer.from(this.#bytes.subarray(0, this.#length));
      this.#bytes = new Uint8Array(64);
      this.#length = 0;
      return out;
    }
    transferArrayBuffer(id, arrayBuffer) {
      if (!(arrayBuffer instanceof ArrayBuffer)) throw internals.invalidArgType('arrayBuffer', ['ArrayBuffer', 'SharedArrayBuffer'], arrayBuffer);
      this.#transfers.set(arrayBuffer, id >>> 0);
    }
    writeUint32(value) { this.#varint(value >>> 0); }
    writeUint64(hi, lo) { this.#varint((BigInt(hi >>> 0) << 32n) | BigInt(lo >>> 0)); }
    writeDouble(value) { this.#double(Number(value)); }
    writeRawBytes(source) { validateView(source, 'source'); this.#raw(new Uint8Array(source.buffer, source.byteOffset, source.byteLength)); }
    _setTreatArrayBufferViewsAsHostObjects(flag) { this.#viewsAsHostObjects = Boolean(flag); }
    _writeHostObject(object) { throw new this._getDataCloneError(`Unserializable host object: ${internals.host.inspect ? internals.host.inspect(object) : classOf(object)}`); }
    _getSharedArrayBufferId(sab) { throw this.#cloneError(`#<${classOf(sab)}>`); }
  }
  Serializer.prototype._getDataCloneError = Error;

  const invalidData = () => new Error('Unable to deserialize cloned data.');
  const ERROR_CLASSES = { E: EvalError, R: RangeError, F: ReferenceError, S: SyntaxError, T: TypeError, U: URIError };
  const VIEW_CLASSES = { b: 'Int8Array', B: 'Uint8Array', C: 'Uint8ClampedArray', w: 'Int16Array', W: 'Uint16Array', d: 'Int32Array', D: 'Uint32Array', h: 'Float16Array', f: 'Float32Array', F: 'Float64Array', q: 'BigInt64Array', Q: 'BigUint64Array', '?': 'DataView' };
  class Deserializer {
    #bytes;
    #pos = 0;
    #version = 0;
    #objects = [];
    #transfers = new Map();
    constructor(buffer) {
      validateView(buffer, 'buffer');
      this.buffer = buffer;
      this.#bytes = new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    }
    #byte() { if (this.#pos >= this.#bytes.length) throw invalidData(); return this.#bytes[this.#pos++]; }
    #tag() {
      let t;
      do t = this.#byte(); while (t === 0);
      return String.fromCharCode(t);
    }
    #peekTag() {
      let at = this.#pos;
      while (at < this.#bytes.length && this.#bytes[at] === 0) at++;
      return at < this.#bytes.length ? String.fromCharCode(this.#bytes[at]) : undefined;
    }
    #varint() {
      let v = 0n; let shift = 0n; let b;
      do { b = this.#byte(); v |= BigInt(b & 0x7f) << shift; shift += 7n; } while (b & 0x80);
      return v;
    }
    #uint() { return Number(this.#varint()); }
    #zigzag() { const n = this.#varint(); return Number((n >> 1n) ^ -(n & 1n)); }
    #rawOffset(n) { if (this.#pos + n > this.#bytes.length) throw invalidData(); const at = this.#pos; this.#pos += n; return at; }
    #raw(n) { const at = this.#rawOffset(n); return this.#bytes.subarray(at, at + n); }
    #double() { const b = this.#raw(8); for (let i = 0; i < 8; i++) scratch.setUint8(i, b[i]); return scratch.getFloat64(0, true); }
    #bigint() {
      const bits = this.#uint();
      const bytes = this.#raw(bits >> 1);
      let v = 0n;
      for (let i = bytes.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(bytes[i]);
      return bits & 1 ? -v : v;
    }
    #string(tag) {
      const n = this.#uint();
      const b = this.#raw(n);
      if (tag === '"') { let s = ''; for (let i = 0; i < b.length; i++) s += String.fromCharCode(b[i]); return s; }
      if (tag === 'c') { let s = ''; for (let i = 0; i + 1 < b.length; i += 2) s += String.fromCharCode(b[i] | (b[i + 1] << 8)); return s; }
      return bufferModule().Buffer.from(b).toString('utf8');
    }
    #readString() {
      const tag = this.#tag();
      if (tag !== '"' && tag !== 'c' && tag !== 'S') throw invalidData();
      return this.#string(tag);
    }
    #keep(o) { this.#objects.push(o); return o; }
    #properties(o, end) {
      let n = 0;
      while (this.#peekTag() !== end) {
        const k = this.#read();
        o[k] = this.#read();
        n++;
      }
      this.#tag();
      if (this.#uint() !== n) throw invalidData();
    }
    #read() {
      const tag = this.#tag();
      switch (tag) {
        case '_': return undefined;
        case '0': return null;
        case 'T': return true;
        case 'F': return false;
        case 'I': return this.#zigzag();
        case 'U': return this.#uint();
        case 'N': return this.#double();
        case 'Z': return this.#bigint();
        case '"': case 'c': case 'S': return this.#string(tag);
        case '^': { const id = this.#uint(); if (id >= this.#objects.length) throw invalidData(); return this.#objects[id]; }
        case 'o': { const o = this.#keep({}); this.#properties(o, '{'); return o; }
        case 'A': {
          const length = this.#uint();
          const a = this.#keep(new Array(length));
          holeyArrays.add(a);
          for (let i = 0; i < length; i++) {
            if (this.#peekTag() === '-') { this.#tag(); continue; }
            a[i] = this.#read();
          }
          let n = 0;
          while (this.#peekTag() !== '$') { const k = this.#read(); a[k] = this.#read(); n++; }
          this.#tag();
          if (this.#uint() !== n || this.#uint() !== length) throw invalidData();
          return a;
        }
        case 'a': {
          const length = this.#uint();
          const a = this.#keep(new Array(length));
          holeyArrays.add(a);
          let n = 0;
          while (this.#peekTag() !== '@') { const k = this.#read(); a[k] = this.#read(); n++; }
          this.#tag();
          if (this.#uint() !== n || this.#uint() !== length) throw invalidData();
          return a;
        }
        case 'D': return this.#keep(new Date(this.#double()));
        case 'y': return this.#keep(Object(true));
        case 'x': return this.#keep(Object(false));
        case 'n': return this.#keep(Object(this.#double()));
        case 'z': return this.#keep(Object(this.#bigint()));
        case 's': return this.#keep(Object(this.#readString()));
        case 'R': {
          const source = this.#readString();
          const bits = this.#uint();
          let flags = '';
          for (const [c, b] of [['d', 128], ['g', 1], ['i', 2], ['m', 4], ['s', 32], ['u', 16], ['v', 256], ['y', 8]]) if (bits & b) flags += c;
          return this.#keep(new RegExp(source, flags));
        }
        case ';': {
          const m = this.#keep(new Map());
          let n = 0;
          while (this.#peekTag() !== ':') { const k = this.#read(); m.set(k, this.#read()); n += 2; }
          this.#tag();
          if (this.#uint() !== n) throw invalidData();
          return m;
        }
        case "'": {
          const s = this.#keep(new Set());
          let n = 0;
          while (this.#peekTag() !== ',') { s.add(this.#read()); n++; }
          this.#tag();
          if (this.#uint() !== n) throw invalidData();
          return s;
        }
        case 'B': case '~': {
          const length = this.#uint();
          const max = tag === '~' ? this.#uint() : undefined;
          const bytes = this.#raw(length);
          const ab = max === undefined ? new ArrayBuffer(length) : new ArrayBuffer(length, { maxByteLength: max });
          new Uint8Array(ab).set(bytes);
          this.#keep(ab);
          if (this.#peekTag() === 'V') { this.#tag(); return this.#view(ab); }
          return ab;
        }
        case 't': {
          const id = this.#uint();
          if (!this.#transfers.has(id)) throw invalidData();
          const ab = this.#keep(this.#transfers.get(id));
          if (this.#peekTag() === 'V') { this.#tag(); return this.#view(ab); }
          return ab;
        }
        case 'r': {
          let C = Error; let message; let stack; let cause; let hasCause = false;
          for (;;) {
            const t = this.#tag();
            if (t === '.') break;
            if (ERROR_CLASSES[t]) C = ERROR_CLASSES[t];
            else if (t === 'm') message = this.#readString();
            else if (t === 's') stack = this.#readString();
            else if (t === 'c') { hasCause = true; cause = this.#read(); }
            else throw invalidData();
          }
          const e = message === undefined ? new C() : new C(message);
          Object.defineProperty(e, 'stack', { value: stack, writable: true, configurable: true });
          if (hasCause) Object.defineProperty(e, 'cause', { value: cause, writable: true, configurable: true });
          return this.#keep(e);
        }
        case '\\': {
          const slot = this.#objects.length;
          this.#objects.push(undefined);
          const o = this._readHostObject();
          this.#objects[slot] = o;
          return o;
        }
        default: throw invalidData();
      }
    }
    #view(buffer) {
      const C = globalThis[VIEW_CLASSES[this.#tag()]];
      const offset = this.#uint();
      const byteLength = this.#uint();
      this.#uint();
      if (typeof C !== 'function') throw invalidData();
      const view = C === DataView ? new DataView(buffer, offset, byteLength) : new C(buffer, offset, byteLength / C.BYTES_PER_ELEMENT);
      return this.#keep(view);
    }
    readHeader() {
      if (this.#peekTag() === '\xff') {
        this.#tag();
        this.#version = this.#uint();
        if (this.#version > VERSION) throw new Error('Unable to deserialize cloned data due to invalid or unsupported version.');
      }
      return true;
    }
    readValue() { return this.#read(); }
    getWireFormatVersion() { return this.#version; }
    transferArrayBuffer(id, arrayBuffer) {
      if (!(arrayBuffer instanceof ArrayBuffer) && classOf(arrayBuffer) !== 'SharedArrayBuffer') throw internals.invalidArgType('arrayBuffer', ['ArrayBuffer', 'SharedArrayBuffer'], arrayBuffer);
      this.#transfers.set(id >>> 0, arrayBuffer);
    }
    readUint32() { return Number(this.#varint() & 0xffffffffn); }
    readUint64() { const v = this.#varint(); return [Number((v >> 32n) & 0xffffffffn), Number(v & 0xffffffffn)]; }
    readDouble() { return this.#double(); }
    _readRawBytes(length) { return this.#rawOffset(length); }
    readRawBytes(length) {
      const offset = this._readRawBytes(length);
      const { Buffer } = bufferModule();
      return Buffer.from(this.buffer.buffer, this.buffer.byteOffset + offset, length);
    }
    _readHostObject() { throw invalidData(); }
  }
  // lib/v8.js: Node's index of each kind of view (10: Buffer).
  const VIEW_INDEX = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'DataView', 'Buffer', 'BigInt64Array', 'BigUint64Array'];
  class DefaultSerializer extends Serializer {
    constructor() {
      super();
      this._setTreatArrayBufferViewsAsHostObjects(true);
    }
    _writeHostObject(view) {
      const { Buffer } = bufferModule();
      const i = view.constructor === Buffer ? 10 : VIEW_INDEX.indexOf(classOf(view));
      if (i === -1 || i === 10 && view.constructor !== Buffer) throw new this._getDataCloneError(`Unserializable host object: ${classOf(view)}`);
      this.writeUint32(i);
      this.writeUint32(view.byteLength);
      this.writeRawBytes(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
    }
  }
  class DefaultDeserializer extends Deserializer {
    _readHostObject() {
      const index = this.readUint32();
      const { Buffer } = bufferModule();
      const C = index === 10 ? Buffer : globalThis[VIEW_INDEX[index]];
      if (typeof C !== 'function') throw invalidData();
      const byteLength = this.readUint32();
      const byteOffset = this._readRawBytes(byteLength);
      const size = C.BYTES_PER_ELEMENT || 1;
      const offset = this.buffer.byteOffset + byteOffset;
      // Over the deserializer's own bytes when aligned, else over a copy.
      if (offset % size === 0) return C === Buffer ? Buffer.from(this.buffer.buffer, offset, byteLength) : new C(this.buffer.buffer, offset, byteLength / size);
      const copy = new Uint8Array(byteLength);
      copy.set(new Uint8Array(this.buffer.buffer, offset, byteLength));
      return C === Buffer ? Buffer.from(copy.buffer) : new C(copy.buffer, 0, byteLength / size);
    }
  }
  function serialize(value) {
    const ser = new DefaultSerializer();
    ser.writeHeader();
    ser.writeValue(value);
    return ser.releaseBuffer();
  }
  function deserialize(buffer) {
    const der = new DefaultDeserializer(buffer);
    der.readHeader();
    return der.readValue();
  }
  internals.heapSnapshotText = snapshotText;
  internals.heapSnapshotStream = snapshotStream;
  internals.heapSnapshotOptions = snapshotOptions;

  return {
    getHeapSnapshot, getHeapStatistics, getHeapSpaceStatistics, getHeapCodeStatistics,
    setFlagsFromString, writeHeapSnapshot, startupSnapshot, promiseHooks,
    Serializer, Deserializer, DefaultSerializer, DefaultDeserializer, serialize, deserialize,
  };
})

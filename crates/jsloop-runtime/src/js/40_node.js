// jsloop glue 40: the Node.js global environment — process, timers and
// immediates (Timeout/Immediate objects), queueMicrotask, and CommonJS
// require. The loop itself is Rust (jsloop-core's uv.rs); this file converts
// arguments the way Node does and calls the host.
(function (host, g, builtinFactories) {
  'use strict';
  // The Node release the node host is checked against (process.version).
  const NODE_VERSION = '24.21.0';
  // For each of Object.keys(props): Object.defineProperty(obj, k, { value:
  // props[k], writable: true, configurable: true, enumerable: false }) (a C
  // function, node/startup.rs).
  const define = host.defineHidden;

  // The browser host's console (01_console.js) formats values for
  // host.inspect (a DataCloneError's message; blob's, fetch's and v8's
  // inspect without the util module's): made when that is first used, with
  // the engine's objects 00_console.js kept before any program ran.
  let textConsole = null;
  const textConsoleOf = () => (textConsole ??= host.glue('01_console.js')(host, g, builtinFactories.consoleEngine, false));
  host.inspect = (v) => textConsoleOf().inspect(v);
  builtinFactories.serializerInspect = host.inspect;

  // ---------------------------------------------------------------- errors
  // Node's internal errors (lib/internal/errors.js, validators.js): class,
  // code and message as Node words them. The formatting (ERR_INVALID_ARG_TYPE's
  // type list, "Received ...") is the util module's port of Node's.
  let utilInternal = null;
  const U = () => utilInternal || (utilInternal = requireBuiltin('util')[Symbol.for('jsloop.node.util.internal')]);
  // A plain error with a code (as MODULE_NOT_FOUND is in Node).
  function plainError(Base, code, message) {
    const e = new Base(message);
    Object.defineProperty(e, 'code', { value: code, enumerable: true, writable: true, configurable: true });
    return e;
  }
  // A NodeError: its stack and toString read `Name [CODE]: message`.
  const nodeError = (Base, code, message) => U().nodeError(Base, code, message);
  const invalidArgType = (name, expected, actual) => U().errInvalidArgType(name, expected, actual);
  const inspect = (v, o) => requireBuiltin('util').inspect(v, o);
  const addNumericalSeparator = (s) => s.replace(/\B(?=(\d{3})+(?!\d))/g, '_');
  function outOfRange(name, range, input) {
    let received;
    if (Number.isInteger(input) && Math.abs(input) > 2 ** 32) received = addNumericalSeparator(String(input));
    else if (typeof input === 'bigint') {
      received = String(input);
      if (input > 2n ** 32n || input < -(2n ** 32n)) received = addNumericalSeparator(received);
      received += 'n';
    } else received = inspect(input);
    return nodeError(RangeError, 'ERR_OUT_OF_RANGE', `The value of "${name}" is out of range. It must be ${range}. Received ${received}`);
  }
  function invalidArgValue(name, value, reason = 'is invalid') {
    let inspected = inspect(value);
    if (inspected.length > 128) inspected = `${inspected.slice(0, 128)}...`;
    return nodeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The ${name.includes('.') ? 'property' : 'argument'} '${name}' ${reason}. Received ${inspected}`);
  }
  function validateFunction(fn, name) {
    if (typeof fn !== 'function') throw invalidArgType(name, 'Function', fn);
  }
  function validateNumber(value, name, min, max) {
    if (typeof value !== 'number') throw invalidArgType(name, 'number', value);
    if ((min != null && value < min) || (max != null && value > max) || ((min != null || max != null) && Number.isNaN(value))) {
      throw outOfRange(name, `${min != null ? `>= ${min}` : ''}${min != null && max != null ? ' && ' : ''}${max != null ? `<= ${max}` : ''}`, value);
    }
  }
  function validateInteger(value, name, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) {
    if (typeof value !== 'number') throw invalidArgType(name, 'number', value);
    if (!Number.isInteger(value)) throw outOfRange(name, 'an integer', value);
    if (value < min || value > max) throw outOfRange(name, `>= ${min} && <= ${max}`, value);
  }
  const validateInt32 = (value, name, min = -2147483648, max = 2147483647) => validateInteger(value, name, min, max);

  // ---------------------------------------------------------------- modules (built-ins)
  const builtinCache = new Map();
  // process.env (Node's src/node_env_var.cc): the variables of this
  // thread's store in the host (a worker's is the copy its Worker was made
  // with, or its parent's with SHARE_ENV); values are strings.
  const processEnv = new Proxy({}, {
    get(target, key) { return typeof key === 'string' ? host.envGet(key) : undefined; },
    set(target, key, value) {
      if (typeof key === 'symbol') throw new TypeError('Cannot convert a Symbol value to a string');
      host.envSet(key, `${value}`);
      return true;
    },
    has(target, key) { return typeof key === 'string' && host.envGet(key) !== undefined; },
    deleteProperty(target, key) { if (typeof key === 'string') host.envDelete(key); return true; },
    ownKeys() { return host.envKeys(); },
    getOwnPropertyDescriptor(target, key) {
      const value = typeof key === 'string' ? host.envGet(key) : undefined;
      return value === undefined ? undefined : { value, writable: true, enumerable: true, configurable: true };
    },
    defineProperty(target, key, desc) {
      if ('get' in desc || 'set' in desc) throw nodeError(TypeError, 'ERR_INVALID_OBJECT_DEFINE_PROPERTY', "'process.env' does not accept an accessor(getter/setter) descriptor");
      if (!desc.configurable || !desc.writable || !desc.enumerable) throw nodeError(TypeError, 'ERR_INVALID_OBJECT_DEFINE_PROPERTY', "'process.env' only accepts a configurable, writable, and enumerable data descriptor");
      if (typeof key === 'symbol') throw new TypeError('Cannot convert a Symbol value to a string');
      host.envSet(key, `${desc.value}`);
      return true;
    },
  });
  // With --trace: the receivers the glue calls a script's functions on, for
  // the names of the call stack's frames (V8's `Timeout._onTimeout`,
  // `Object.<anonymous>`; quickjs/mod.rs, call_stack): function ->
  // [the receiver's type name, the property it was called as].
  const frameHints = host.tracing ? new WeakMap() : undefined;
  // V8's JSReceiver::GetConstructorName, as far as script can tell: the
  // `constructor` its prototype holds (no getter is run), else 'Object'.
  const receiverTypeName = (r) => {
    const proto = r !== null && (typeof r === 'object' || typeof r === 'function') ? Object.getPrototypeOf(r) : null;
    const d = proto === null ? undefined : Object.getOwnPropertyDescriptor(proto, 'constructor');
    const c = d === undefined ? undefined : d.value;
    return typeof c === 'function' && typeof c.name === 'string' && c.name !== '' ? c.name : 'Object';
  };
  const noteReceiver = frameHints === undefined ? undefined : (f, receiver, method) => {
    if (typeof f === 'function') frameHints.set(f, [receiverTypeName(receiver), method]);
  };
  // QuickJS frees an object's shape with the last object that has it and
  // makes it again for the next one, so a program that holds one timer,
  // immediate or message event at a time (a chain, a debounce, a ping-pong)
  // pays for every shape its objects go through, each time. The objects this
  // returns (a class keeps them in a private static field: never handed
  // out) keep alive each shape an object of `proto` goes through when `keys`
  // are added in this order, so new ones find them (timer_churn: 1.2k
  // instructions less per setTimeout+clearTimeout, callgrind).
  const keepShapes = (proto, keys) => {
    const kept = [];
    for (let n = 0; n <= keys.length; n++) {
      const o = Object.create(proto);
      for (let i = 0; i < n; i++) o[keys[i]] = undefined;
      kept.push(o);
    }
    return kept;
  };
  // UDP handles' event handlers by handle id (netDispatch below).
  const udpHandlers = new Map();
  // Promises of the glue's own that no rejection of is reported (V8's
  // MarkAsHandled): the Web Locks' internal ones (node/locks.js).
  const markedHandled = new WeakSet();
  let locksInstance = null;
  // What 40_node.js's start does not run (the address grammars, the
  // built-ins that are not one glue factory's exports, `-e`'s module
  // globals): node/node_more.js, read when first needed.
  let nodeMoreMade = null;
  const nodeMore = () => (nodeMoreMade ??= host.glue('node/node_more.js')({
    host, g, internals, builtins, schemeOnly, requireBuiltin, buffers, netModule, workerThreads, process: () => process,
    streamWeb: () => streamWeb(), timersPromises: () => timersPromisesOf(),
  }));
  let addressGrammar = null;
  const internals = {
    keepShapes,
    markPromiseHandled: (p) => { markedHandled.add(p); },
    // The Web Locks API's objects (node/locks.js), made when first used.
    locks: () => (locksInstance ??= host.glue('node/locks.js')(internals)),
    // Node's isIPv4 / isIPv6 / isIP (lib/internal/net.js), which net and
    // dns both use: the address grammars, compiled on first use.
    addressGrammar: () => (addressGrammar ??= nodeMore().makeAddressGrammar()),
    // Function.prototype.call uncurried as the glue found it (before any
    // program ran), as Node's primordials' FunctionPrototypeCall:
    // callFunction(f, thisArg, ...args) calls f, whatever a program does
    // to Function.prototype.call later.
    callFunction: Function.prototype.call.bind(Function.prototype.call),
    // Node's messaging symbols (lib/internal/worker/js_transferable.js):
    // an object with a [kTransfer] method can be in a transfer list.
    transferSymbols: {
      kTransfer: Symbol('messaging_transfer_symbol'),
      kTransferList: Symbol('messaging_transfer_list_symbol'),
      kDeserialize: Symbol('messaging_deserialize_symbol'),
    },
    // Objects marked uncloneable (worker_threads.markAsUncloneable; Node's
    // own Response, Request, Headers, URL and URLSearchParams mark theirs).
    uncloneable: new WeakSet(),
    // (v) => whether v is one of undici's MessageEvent or CloseEvent, which
    // Node 24 marks uncloneable too (a brand test rather than a mark, as the
    // host makes a port's MessageEvent without running its constructor):
    // node/websocket.js's, once it has made the classes.
    undiciEvent: null,
    // The main thread's chdir counter (a Uint32Array on shared memory),
    // made with its first Worker; in a worker, the one its Worker sent.
    cwdCounter: null,
    host,
    global: g,
    noteReceiver,
    // process.cwd() as Node reads it (a program may replace it).
    cwd: () => (g.process && typeof g.process.cwd === "function" ? g.process.cwd() : host.cwd()),
    print: (stream, text) => host.print(stream, text),
    emitWarning: (...args) => process.emitWarning(...args),
    require: (id) => requireBuiltin(id),
    nextTick: (fn, ...args) => process.nextTick(fn, ...args),
    // (The same with one or two arguments, without the rest array and the
    // spread: the streams' per-chunk ticks.)
    nextTick1: (fn, a) => process.nextTick(fn, a),
    nextTick2: (fn, a, b) => process.nextTick(fn, a, b),
    pid: host.pid,
    env: processEnv,
    now: () => host.now(),
    getPromiseDetails: (p) => host.promiseDetails(p),
    getProxyDetails: host.v8.proxyDetails,
    getSourceText: (file) => host.sourceText(file),
    nodeError,
    plainError,
    invalidArgType,
    invalidArgValue,
    outOfRange,
    validateFunction,
    validateNumber,
    validateInteger,
    validateInt32,
    determineSpecificType: (v) => U().determineSpecificType(v),
    // EventTarget, AbortSignal and their helpers (node/event_target.js).
    eventTargets: () => eventTargets(),
    // A MessagePort's MessageEvent (node/websocket.js, where the class is).
    portMessageEvent: () => webSockets().portMessageEvent,
    // The Web Crypto API's factory (webcrypto.js).
    webcryptoFactory: () => host.glue('webcrypto.js'),
    // TextEncoder and TextDecoder's factory (encoding.js).
    encodingFactory: () => host.glue('encoding.js'),
    // The Streams Standard's classes' factory (streams.js).
    streamsFactory: () => host.glue('streams.js'),
    udpHandlers,
  };
  // Buffer's glue (41_buffer.js) is evaluated when Buffer or the buffer
  // module is first used (globals.rs hands over its factory): a program that
  // never touches a Buffer does not pay for it at start-up.
  let bufferGlue = null;
  function buffers() {
    if (bufferGlue === null) {
      bufferGlue = host.glue('41_buffer.js')(host);
      bufferGlue.setInternals(internals);
      // Blob and File are require('buffer')'s too (node/blob.js, made when
      // first used).
      for (const name of ['Blob', 'File']) {
        Object.defineProperty(bufferGlue.module, name, { configurable: true, enumerable: true, get: () => blobs()[name] });
      }
    }
    return bufferGlue;
  }
  function requireBuiltin(id) {
    const name = id.startsWith('node:') ? id.slice(5) : id;
    if (builtinCache.has(name)) return builtinCache.get(name);
    // A glue factory's name (node/NAME.js), 0 for makeBuiltin's, or a
    // function (the module built-in, registerBuiltin's).
    const spec = builtins[name];
    if (spec === undefined) return undefined;
    const exports = typeof spec === 'string' ? host.glue(`node/${spec}.js`)(internals) : typeof spec === 'function' ? spec() : makeBuiltin(name);
    builtinCache.set(name, exports);
    return exports;
  }
  // Built-ins only reached with the node: scheme (Node's schemelessBlockList).
  const schemeOnly = new Set(['test', 'test/reporters']);
  const builtins = {
    events: 'events',
    path: 'path',
    util: 'util',
    assert: 'assert',
    'assert/strict': 0,
    'path/posix': 0,
    'path/win32': 0,
    console: 'console',
    stream: 'stream',
    'stream/promises': 0,
    'stream/consumers': 0,
    _stream_readable: 0,
    _stream_writable: 0,
    _stream_duplex: 0,
    _stream_transform: 0,
    _stream_passthrough: 0,
    string_decoder: 'string_decoder',
    'stream/web': 0,
    buffer: 0,
    fs: 0,
    'fs/promises': 0,
    net: 0,
    timers: 0,
    'timers/promises': 0,
    process: 0,
    worker_threads: 0,
    crypto: 'crypto',
    zlib: 'zlib',
    http: 'http',
    _http_agent: 0,
    _http_client: 0,
    _http_common: 0,
    _http_incoming: 0,
    _http_outgoing: 0,
    _http_server: 0,
    tls: 'tls',
    https: 'https',
    os: 'os',
    url: 'url',
    test: 'test',
    'util/types': 0,
    dns: 'dns',
    'dns/promises': 0,
    dgram: 'dgram',
    child_process: 'child_process',
    querystring: 'querystring',
    readline: 'readline',
    'readline/promises': 0,
    diagnostics_channel: 'diagnostics_channel',
    tty: 'tty',
    v8: 'v8',
    perf_hooks: 'perf_hooks',
    async_hooks: 'async_hooks',
    domain: 'domain',
    vm: 'vm',
  };
  // The built-ins that are not one glue factory's exports, made when first
  // required (node/node_more.js).
  const makeBuiltin = (name) => nodeMore().makeBuiltin(name);
  // The globals below are made when a program first reads them: each is an
  // accessor pair on the global (host.lazyGlobals, node/startup.rs:
  // C functions named get and set) whose getter is
  // `lazyGlobal(group, name)` and whose setter makes the global a data
  // property holding what was assigned.
  const lazyGlobal = (group, name) => {
    const value = resolveLazyGlobal(group, name);
    // Once read it is what Node 24 has from the start: a data property
    // (crypto stays an accessor, as Node's is).
    if (group !== 6) {
      const enumerable = Object.getOwnPropertyDescriptor(g, name)?.enumerable ?? false;
      Object.defineProperty(g, name, { value, writable: true, enumerable, configurable: true });
    }
    return value;
  };
  const resolveLazyGlobal = (group, name) => {
    switch (group) {
      case 0: return eventTargets()[name];
      case 1: return blobs()[name];
      case 2: return webSockets()[name];
      case 3: return fetchGlobals()[name];
      case 4: return streamWeb().module[name];
      case 5: return workerThreads().module[name];
      case 6: return requireBuiltin('crypto').webcrypto;
      case 7: return requireBuiltin('crypto')[Symbol.for('jsloop.webcrypto')][name];
      case 8: return encoding()[name];
      case 9: return requireBuiltin('url')[name];
      case 10: return requireBuiltin('perf_hooks')[name];
      case 11: return intl()[name];
    }
  };
  // EventTarget, Event, CustomEvent, AbortController and AbortSignal are
  // globals in Node (node/event_target.js, made when first used).
  let eventTargetInstance = null;
  const eventTargets = () => (eventTargetInstance ??= host.glue('node/event_target.js')(internals));
  host.lazyGlobals(g, lazyGlobal, 0, ['EventTarget', 'Event', 'CustomEvent', 'AbortController', 'AbortSignal']);
  // Blob and File are globals in Node, and require('buffer')'s
  // (node/blob.js, made when first used).
  let blobInstance = null;
  const blobs = () => (blobInstance ??= host.glue('node/blob.js')(internals));
  internals.blobs = blobs;
  // Structured clone: Blob and File are cloneable (Node's kClone): their
  // bytes, type, and a File's name and lastModified.
  // (worker_threads' serializer takes them.)
  internals.blobHooks = ({
    isBlob: (v) => blobInstance !== null && v instanceof blobInstance.Blob,
    parts: (v) => blobs().cloneParts(v),
    make: (bytes, type, file) => blobs().fromParts(bytes, type, file),
    isFileList: () => false,
  });
  host.lazyGlobals(g, lazyGlobal, 1, ['Blob', 'File']);
  // WebSocket, CloseEvent and MessageEvent are globals in Node 22+
  // (node/websocket.js, made when first used).
  let webSocketInstance = null;
  const webSockets = () => (webSocketInstance ??= host.glue('node/websocket.js')(internals));
  host.lazyGlobals(g, lazyGlobal, 2, ['WebSocket', 'CloseEvent', 'MessageEvent']);
  // fetch, Headers, Request, Response and FormData are globals in Node
  // (undici's; here node/fetch.js, made when first used).
  let fetchInstance = null;
  const fetchGlobals = () => (fetchInstance ??= host.glue('node/fetch.js')(internals));
  host.lazyGlobals(g, lazyGlobal, 3, ['fetch', 'Headers', 'Request', 'Response', 'FormData']);
  // ReadableStream, WritableStream, TransformStream and the queuing
  // strategies are globals in Node too (node/stream_web.js, made when first used).
  let streamWebInstance = null;
  function streamWeb() {
    if (!streamWebInstance) {
      const made = host.glue('node/stream_web.js')(internals);
      // stream/web also has TextEncoderStream and TextDecoderStream (encoding.js).
      made.TextEncoderStream = encoding().TextEncoderStream;
      made.TextDecoderStream = encoding().TextDecoderStream;
      // The exports in the order of Node's lib/stream/web.js.
      const module = {};
      for (const k of ['ReadableStream', 'ReadableStreamTee', 'ReadableStreamDefaultReader', 'ReadableStreamBYOBReader',
        'ReadableStreamBYOBRequest', 'ReadableByteStreamController', 'ReadableStreamDefaultController', 'TransformStream',
        'TransformStreamDefaultController', 'WritableStream', 'WritableStreamDefaultWriter', 'WritableStreamDefaultController',
        'ByteLengthQueuingStrategy', 'CountQueuingStrategy', 'TextEncoderStream', 'TextDecoderStream', 'CompressionStream',
        'DecompressionStream']) module[k] = made[k];
      Object.defineProperty(module, Symbol.for('jsloop.node.stream.web.adapters'), { value: made.adapters });
      streamWebInstance = { module };
    }
    return streamWebInstance;
  }
  host.lazyGlobals(g, lazyGlobal, 4, ['ReadableStream', 'ReadableStreamDefaultReader', 'ReadableStreamDefaultController', 'WritableStream',
    'WritableStreamDefaultWriter', 'WritableStreamDefaultController', 'TransformStream', 'TransformStreamDefaultController',
    'ReadableStreamBYOBReader', 'ReadableStreamBYOBRequest', 'ReadableByteStreamController',
    'ByteLengthQueuingStrategy', 'CountQueuingStrategy', 'CompressionStream', 'DecompressionStream']);
  // MessageChannel, MessagePort and structuredClone are globals in Node
  // (made with worker_threads when first used).
  host.lazyGlobals(g, lazyGlobal, 5, ['MessageChannel', 'MessagePort', 'BroadcastChannel']);
  // globalThis.crypto: the Web Crypto API's Crypto (crypto.webcrypto), made
  // when first read.
  // Node 24's is a getter named "get crypto" with no setter (an assignment
  // does nothing), enumerable (lib/internal/bootstrap/web/exposed-window-or-worker.js).
  Object.defineProperty(g, 'crypto', {
    get: { 'get crypto'() { return lazyGlobal(6, 'crypto'); } }['get crypto'],
    set: undefined, enumerable: true, configurable: true,
  });
  // Its interfaces are globals too (Node 19+): Crypto, SubtleCrypto, CryptoKey.
  host.lazyGlobals(g, lazyGlobal, 7, ['Crypto', 'SubtleCrypto', 'CryptoKey']);
  // globalThis.navigator (Node 21+, lib/internal/navigator.js): a Navigator
  // whose getters say how many threads the machine runs, the default
  // locale, the platform and the user agent.
  const kNavigator = Symbol('navigator');
  class Navigator {
    #languages;
    constructor(token) {
      if (token !== kNavigator) throw nodeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
    }
    get hardwareConcurrency() { return host.os.availableParallelism(); }
    // The Web Locks API's LockManager (lib/internal/navigator.js).
    get locks() { return internals.locks().locks; }
    // ICU's default locale, as Node's Intl gives it: LC_ALL, else
    // LC_MESSAGES, else LANG (the first that is set, even if empty); the C
    // and POSIX locales, and none at all, are en-US.
    get language() {
      const env = g.process.env;
      const name = ['LC_ALL', 'LC_MESSAGES', 'LANG'].map((k) => env[k]).find((v) => v !== undefined);
      if (name === undefined) return 'en-US';
      if (name === '') return 'und';
      // language[_territory][.codeset][@modifier]
      const [locale, modifier] = name.split('@');
      const base = locale.split('.')[0];
      if (base === 'C' || base === 'POSIX') return 'en-US';
      const tag = base.replace(/_/g, '-');
      return modifier ? `${tag}-x-lvariant-${modifier}` : tag;
    }
    get languages() { return (this.#languages ??= Object.freeze([this.language])); }
    get userAgent() { return `Node.js/${g.process.versions.node.split('.')[0]}`; }
    // lib/internal/navigator.js, getNavigatorPlatform.
    get platform() {
      const { platform, arch } = g.process;
      if (platform === 'darwin') return 'MacIntel';
      if (platform === 'win32') return 'Win32';
      if (platform === 'linux') {
        if (arch === 'ia32') return 'Linux i686';
        if (arch === 'x64') return 'Linux x86_64';
        return `Linux ${requireBuiltin('os').machine()}`;
      }
      if (platform === 'freebsd') return arch === 'ia32' ? 'FreeBSD i386' : arch === 'x64' ? 'FreeBSD amd64' : `FreeBSD ${requireBuiltin('os').machine()}`;
      if (platform === 'openbsd') return arch === 'ia32' ? 'OpenBSD i386' : arch === 'x64' ? 'OpenBSD amd64' : `OpenBSD ${requireBuiltin('os').machine()}`;
      return `${platform[0].toUpperCase()}${platform.slice(1)} ${requireBuiltin('os').machine()}`;
    }
  }
  for (const name of ['hardwareConcurrency', 'locks', 'language', 'languages', 'userAgent', 'platform']) {
    Object.defineProperty(Navigator.prototype, name, { enumerable: true });
  }
  let navigatorInstance = null;
  Object.defineProperty(g, 'navigator', { configurable: true, enumerable: true, get: function navigator() { return (navigatorInstance ??= new Navigator(kNavigator)); }, set: undefined });
  Object.defineProperty(Object.getOwnPropertyDescriptor(g, 'navigator').get, 'name', { value: 'get navigator' });
  define(g, { Navigator });
  // TextEncoder, TextDecoder and their stream classes are globals in Node (node/encoding.js, made
  // when first used).
  let encodingInstance = null;
  function encoding() { return (encodingInstance ??= host.glue('node/encoding.js')(internals)); }
  host.lazyGlobals(g, lazyGlobal, 8, ['TextEncoder', 'TextDecoder', 'TextEncoderStream', 'TextDecoderStream']);
  // URL and URLSearchParams are globals in Node (the url module's, made
  // when first used).
  host.lazyGlobals(g, lazyGlobal, 9, ['URL', 'URLSearchParams']);
  // The performance timeline's classes are globals in Node (perf_hooks'
  // exports, node/perf_hooks.js, made when first used).
  host.lazyGlobals(g, lazyGlobal, 10, ['Performance', 'PerformanceEntry', 'PerformanceMark', 'PerformanceMeasure',
    'PerformanceObserver', 'PerformanceObserverEntryList']);
  // ECMA-402's Intl (intl.js, shared with the browser host; QuickJS has
  // none), made when a program first reads it.
  let intlInstance = null;
  const intl = () => (intlInstance ??= host.glue('intl.js')(host));
  host.lazyGlobals(g, lazyGlobal, 11, ['Intl']);
  // Date.prototype.toLocaleString, toLocaleDateString and
  // toLocaleTimeString through Intl.DateTimeFormat (ECMA-402 20.4), made
  // when first called.
  define(Date.prototype, {
    toLocaleString: function toLocaleString() { return intl().dateMethods.toLocaleString.apply(this, arguments); },
    toLocaleDateString: function toLocaleDateString() { return intl().dateMethods.toLocaleDateString.apply(this, arguments); },
    toLocaleTimeString: function toLocaleTimeString() { return intl().dateMethods.toLocaleTimeString.apply(this, arguments); },
  });
  define(g, { structuredClone: function structuredClone(value, options) { return workerThreads().structuredClone(...arguments); } });
  // worker_threads (44_worker_threads.js), made when first needed.
  let workerThreadsInstance = null;
  function workerThreads() {
    if (!workerThreadsInstance) {
      workerThreadsInstance = host.glue('44_worker_threads.js')(host, requireBuiltin('events'), builtinFactories.serializer, process, internals, g.DOMException);
    }
    return workerThreadsInstance;
  }

  // The net module, and the dispatcher the host hands TCP events to.
  let netInstance = null;
  function netModule() {
    if (!netInstance) netInstance = host.glue('43_net.js')(host, buffers().Buffer, internals, requireBuiltin('events'));
    return netInstance;
  }
  // A UDP socket's events go to its owner (node/dgram.js, node/dns.js's
  // resolvers), which registered it by handle id in internals.udpHandlers.
  function netDispatch(event) {
    const udp = udpHandlers.get(event.socket);
    if (udp) return udp(event);
    netModule()._dispatch(event);
  }
  // A socket's bytes go to the net module's _data(id, chunk), `chunk` a
  // Buffer the host made (node/host.rs, with the class netBufferClass gives
  // it) over the bytes read: netReader gives the host that function (the
  // net module made if it is not yet), which it keeps and calls itself.
  function netReader() { return (netInstance ?? netModule())._data; }
  // FastBuffer, Buffer's class (41_buffer.js), for the host to make a
  // read's Buffer itself as `new FastBuffer(arrayBuffer, 0, byteLength)`.
  function netBufferClass() { return buffers().FastBuffer; }
  // What the host's read of a socket in the common case compares with and
  // calls (node/net_read.rs): the list internals.netReadSteps (set by the
  // net module, made here if it is not yet) gives.
  function netReadSteps() {
    netInstance ?? netModule();
    return internals.netReadSteps();
  }

  // ---------------------------------------------------------------- process
  const EventEmitter = (() => {
    try { return requireBuiltin('events'); } catch (_) { return null; }
  })();
  // As Node's: an object of its own class, `process`, an EventEmitter.
  let process;
  if (EventEmitter) {
    const processClass = { process() {} }.process;
    processClass.prototype = Object.create(EventEmitter.prototype, {
      constructor: { value: processClass, writable: true, configurable: true, enumerable: false },
    });
    process = Object.create(processClass.prototype);
    EventEmitter.call(process);
    process.setMaxListeners(0);
  } else {
    process = Object.create(null);
  }
  // (The streams call its nextTick themselves: node/stream.js.)
  internals.process = process;
  // (A minimal emitter if the events module cannot be made: node/node_more.js.)
  if (!EventEmitter) nodeMore().minimalEmitter(process, define);
  // https://nodejs.org/api/process.html#processfeatures — what this runtime
  // has, in Node's shape (the last four are getters in Node's
  // lib/internal/bootstrap/node.js): no inspector, TLS through rustls
  // (ALPN and SNI, no OCSP stapling), require() of ES modules, no QUIC, no
  // TypeScript stripping.
  const features = {
    inspector: false, debug: false, uv: true, ipv6: true,
    tls_alpn: true, tls_sni: true, tls_ocsp: false, tls: true, openssl_is_boringssl: false,
  };
  for (const [name, value] of [['cached_builtins', true], ['require_module', true], ['quic', false], ['typescript', false]]) {
    Object.defineProperty(features, name, { get: { [`get ${name}`]: () => value }[`get ${name}`], enumerable: true, configurable: true });
  }
  Object.defineProperty(process, 'features', { value: features, writable: false, enumerable: true, configurable: false });
  // The bodies of process's methods a start does not run (umask, chdir,
  // emitWarning, cpuUsage, threadCpuUsage, resourceUsage, getBuiltinModule,
  // kill, the 'warning' listener, NODE_OPTIONS's split): node/process_methods.js,
  // read on the first call of one (each method here calls its body there).
  let processMethodsMade = null;
  const processMethods = () => (processMethodsMade ??= host.glue('node/process_methods.js')({
    host, process, internals, builtins, schemeOnly, requireBuiltin, nodeError, invalidArgType, invalidArgValue,
    validateInteger, validateNumber, traceWarnings: () => traceWarnings,
  }));
  let exitCode;
  const startHr = host.hrtime();
  define(process, {
    argv: host.argv,
    argv0: 'node',
    // The absolute path of the running executable (argv[0]).
    execPath: host.argv[0],
    // (A mode given on the command line, as Node lists it.)
    // A worker thread's are its Worker's `execArgv` option.
    execArgv: host.isWorker && host.workerExecArgv ? host.workerExecArgv : host.unhandledRejections && host.unhandledRejections !== 'throw' ? [`--unhandled-rejections=${host.unhandledRejections}`] : [],
    env: processEnv,
    pid: host.pid,
    ppid: host.ppid,
    platform: host.platform,
    arch: host.arch,
    // The Node release jsloop's node host is checked against (Node's own
    // tests and the golden tests are recorded with it): what a package's
    // version check reads. jsloop's own version, and the engine's, are
    // `versions.jsloop` and `versions.quickjs` (there is no V8, libuv or
    // native-addon ABI to report).
    version: `v${NODE_VERSION}`,
    versions: { node: NODE_VERSION, jsloop: host.version, quickjs: host.quickjsVersion },
    // https://nodejs.org/api/process.html#processrelease: that release's.
    release: {
      name: 'node',
      lts: 'Krypton',
      sourceUrl: `https://nodejs.org/download/release/v${NODE_VERSION}/node-v${NODE_VERSION}.tar.gz`,
      headersUrl: `https://nodejs.org/download/release/v${NODE_VERSION}/node-v${NODE_VERSION}-headers.tar.gz`,
    },
    title: 'jsloop',
    cwd: () => host.cwd(),
    // https://nodejs.org/api/process.html#processumaskmask
    umask(mask) { return processMethods().umask(mask); },
    // https://nodejs.org/api/process.html#processchdirdirectory
    chdir(directory) { return processMethods().chdir(directory); },
    // https://nodejs.org/api/process.html#processnexttickcallback-args
    nextTick(callback, ...args) {
      // (The check inline: a call less per nextTick.)
      if (typeof callback !== 'function') validateFunction(callback, 'callback');
      if (asyncContext.active) {
        // (A TickObject, run in its context and destroyed after.)
        const tick = { callback, args };
        asyncContext.init(tick, 'TickObject');
        host.nextTick(tickCallback, [tick]);
        return;
      }
      host.nextTick(callback, args);
    },
    exit(code) {
      if (code !== undefined) process.exitCode = code;
      if (traceExit && exitTrace === null) exitTrace = `${new Error().stack}`.split('\n').slice(1).join('\n');
      host.exit();
    },
    _exiting: false,
    hrtime: Object.assign(function hrtime(prev) {
      const ns = host.hrtime() - startHr + 1_000_000_000 * 1000;
      let s = Math.floor(ns / 1e9), n = Math.round(ns % 1e9);
      if (prev) { s -= prev[0]; n -= prev[1]; if (n < 0) { s -= 1; n += 1e9; } }
      return [s, n];
    }, { bigint: () => BigInt(Math.round(host.hrtime() - startHr)) + 1_000_000_000_000n }),
    uptime: () => (host.hrtime() - startHr) / 1e9,
    memoryUsage: Object.assign(() => host.memoryUsage(), { rss: () => host.memoryUsage().rss }),
    // https://nodejs.org/api/process.html#processemitwarningwarning-options
    emitWarning(warning, type, code, ctor) { return processMethods().emitWarning(warning, type, code, ctor); },
  });
  // process.stdout and process.stderr: Writable streams whose writes are
  // synchronous (as Node's are on Linux for files, pipes and terminals), so
  // a write's callback comes on the next tick. Made when first read.
  const stdio = [null, null, null];
  let stdioMaker = null;
  function stdioStream(fd) {
    if (stdio[fd]) return stdio[fd];
    const stream = (stdioMaker ??= host.glue('node/stdio.js')({ host, requireBuiltin, buffers }))(fd);
    stdio[fd] = stream;
    return stream;
  }
  // process.stdin (node/child_process.js makes it, as Node's getStdin):
  // paused until read, not keeping the loop alive until then.
  Object.defineProperty(process, 'stdin', { configurable: true, enumerable: false, get() { const v = host.isWorker ? workerThreads().stdinOfWorker() : requireBuiltin('child_process')[Symbol.for('jsloop.stdin')](); Object.defineProperty(process, 'stdin', { value: v, writable: true, configurable: true }); return v; }, set(v) { Object.defineProperty(process, 'stdin', { value: v, writable: true, configurable: true }); } });
  define(process, {
    getuid: () => host.getuid(),
    geteuid: () => host.geteuid(),
    getgid: () => host.getgid(),
    getegid: () => host.getegid(),
    getgroups: () => host.getgroups(),
    // https://nodejs.org/api/process.html#processcpuusagepreviousvalue
    // (lib/internal/process/per_thread.js): user and system CPU time in
    // microseconds (getrusage), or the change since `previousValue`.
    cpuUsage(prevValue) { return processMethods().cpuUsage(false, prevValue); },
    // https://nodejs.org/api/process.html#processthreadcpuusagepreviousvalue:
    // the same for the calling thread.
    threadCpuUsage(prevValue) { return processMethods().cpuUsage(true, prevValue); },
    // https://nodejs.org/api/process.html#processresourceusage
    resourceUsage() { return processMethods().resourceUsage(); },
    // https://nodejs.org/api/process.html#processgetbuiltinmoduleid
    getBuiltinModule(id) { return processMethods().getBuiltinModule(id); },
    // https://nodejs.org/api/process.html#processrefmayberefable: the
    // object's Symbol.for('nodejs.ref') method (or ref()), if it has one.
    ref(maybeRefable) {
      const fn = maybeRefable?.[Symbol.for('nodejs.ref')] || maybeRefable?.[Symbol.for('node:ref')] || maybeRefable?.ref;
      if (typeof fn === 'function') Reflect.apply(fn, maybeRefable, []);
    },
    unref(maybeRefable) {
      const fn = maybeRefable?.[Symbol.for('nodejs.unref')] || maybeRefable?.[Symbol.for('node:unref')] || maybeRefable?.unref;
      if (typeof fn === 'function') Reflect.apply(fn, maybeRefable, []);
    },
    // What Node was built with (process.config): nothing of it applies to
    // jsloop but the shape programs read.
    config: { target_defaults: {}, variables: { node_shared: false, node_use_openssl: false, v8_enable_i18n_support: 0 } },
    // https://nodejs.org/api/process.html#processkillpid-signal
    kill(pid, sig) { return processMethods().kill(pid, sig); },
  });
  for (const [name, fd] of [['stdout', 1], ['stderr', 2]]) {
    Object.defineProperty(process, name, { configurable: true, enumerable: false, get: () => stdioStream(fd), set(v) { Object.defineProperty(process, name, { value: v, writable: true, configurable: true }); } });
  }
  Object.defineProperty(process, 'exitCode', {
    get: () => exitCode,
    // Node 24 (lib/internal/bootstrap/node.js): an integer, or a non-empty
    // string that converts to a number, stored as that number.
    set: (v) => {
      if (v === undefined || v === null) {
        exitCode = undefined;
        return;
      }
      let value = v;
      if (typeof v === 'string' && v !== '' && Number.isNaN((value = Number(v)))) value = v;
      validateInteger(value, 'code');
      exitCode = value;
    },
    enumerable: true,
    configurable: false,
  });
  // ParseNodeOptionsEnvVar (node/process_methods.js).
  const splitNodeOptions = (text) => processMethods().splitNodeOptions(text);
  internals.splitNodeOptions = splitNodeOptions;
  // NODE_OPTIONS (https://nodejs.org/api/cli.html#node_optionsoptions),
  // and in a worker its execArgv too: the options this host acts on are
  // --title (the main thread's process.title) and --trace-exit; the others
  // are taken and not acted on. --trace-warnings prints a warning's stack.
  let traceExit = false;
  let traceWarnings = false;
  {
    const nodeOptions = processEnv.NODE_OPTIONS;
    const words = [...(nodeOptions ? splitNodeOptions(nodeOptions) : []), ...(host.isWorker ? process.execArgv : [])];
    for (let i = 0; i < words.length; i++) {
      const w = words[i];
      if (w === '--trace-exit') traceExit = true;
      else if (w === '--trace-warnings') traceWarnings = true;
      else if (w === '--no-trace-warnings') traceWarnings = false;
      else if (w === '--no-trace-exit') traceExit = false;
      else if (!host.isWorker && (w === '--title' || w.startsWith('--title='))) {
        const title = w === '--title' ? words[++i] : w.slice(8);
        if (title !== undefined) process.title = title;
      }
    }
  }
  // --trace-exit: where process.exit() was called, printed once the
  // 'exit' listeners have run (src/env.cc Environment::Exit).
  let exitTrace = null;
  // (The domain module sets it to the active domain.)
  process.domain = null;
  Object.defineProperty(process, Symbol.toStringTag, { value: 'process' });
  // Node's onWarning (lib/internal/process/warning.js), listening from the start.
  if (EventEmitter) {
    process.on('warning', (warning) => processMethods().onWarning(warning));
  }

  // ---------------------------------------------------------------- async context
  // Node's async execution context (lib/internal/async_hooks.js) and
  // AsyncLocalStorage's frame (lib/internal/async_context_frame.js): a
  // resource — a Timeout, an Immediate, a nextTick's TickObject, a
  // queueMicrotask's Microtask, an AsyncResource — takes an async id, the id
  // of what triggered it, and the AsyncLocalStorage frame when it is made,
  // and the hooks' `init` runs; around its callback the hooks' `before` and
  // `after` run with its ids as the execution context and its frame
  // restored; when it is done, `destroy`. None of it is done until a program
  // uses async_hooks or domain (`asyncContext.active`), so timers cost
  // nothing more otherwise. (Promises are not resources here: QuickJS's
  // promise hook has no before/after around a reaction job; only the frame
  // follows `then`, see bindPromiseReactions; docs/deviations.md.)
  const kAsyncId = Symbol('asyncId');
  const kTriggerId = Symbol('triggerId');
  const kFrame = Symbol('kAsyncContextFrame');
  const asyncContext = {
    active: false,
    // (The keys init gives a resource: a MessagePort's util.inspect, which
    // shows its own properties, leaves them out, as Node keeps a native
    // handle's ids in C++.)
    resourceKeys: [kAsyncId, kTriggerId, kFrame],
    // async_hooks or domain is used: resources from now on (process.nextTick,
    // a raw C function, is told too: it takes its JS path).
    activate() {
      if (this.active) return;
      this.active = true;
      host.asyncContextActive();
      bindPromiseReactions();
    },
    // The enabled hooks' callback objects, in the order they were enabled.
    hooks: [],
    // AsyncLocalStorage: a Map from storage to store, or undefined.
    frame: undefined,
    executionAsyncId: 1,
    triggerAsyncId: 0,
    executionResource: {},
    // [asyncId, triggerAsyncId, resource] of the contexts entered, outermost first.
    stack: [],
    nextId: 1,
    // (lib/internal/async_hooks.js's defaultTriggerAsyncIdScope.)
    defaultTriggerAsyncId: -1,
    newAsyncId() { return ++this.nextId; },
    emit(name, ...args) {
      const hooks = this.hooks;
      for (let i = 0; i < hooks.length; i++) {
        const fn = hooks[i][name];
        if (typeof fn === 'function') Reflect.apply(fn, hooks[i], args);
      }
    },
    // emitInit: a new resource of `type`.
    init(resource, type, triggerAsyncId) {
      const id = this.newAsyncId();
      if (triggerAsyncId === undefined) triggerAsyncId = this.defaultTriggerAsyncId >= 0 ? this.defaultTriggerAsyncId : this.executionAsyncId;
      resource[kAsyncId] = id;
      resource[kTriggerId] = triggerAsyncId;
      resource[kFrame] = this.frame;
      if (this.hooks.length) this.emit('init', id, type, triggerAsyncId, resource);
      return id;
    },
    enter(resource) {
      this.stack.push([this.executionAsyncId, this.triggerAsyncId, this.executionResource, this.frame]);
      this.executionAsyncId = resource[kAsyncId];
      this.triggerAsyncId = resource[kTriggerId];
      this.executionResource = resource;
      this.frame = resource[kFrame];
      if (this.hooks.length) this.emit('before', this.executionAsyncId);
    },
    leave() {
      if (this.hooks.length) this.emit('after', this.executionAsyncId);
      const top = this.stack.pop();
      if (top) [this.executionAsyncId, this.triggerAsyncId, this.executionResource, this.frame] = top;
    },
    // A resource's callback, from the loop: on a throw the context stays
    // entered for the uncaught-exception handling, which leaves it
    // (clearStack).
    run(resource, fn, thisArg, args) {
      this.enter(resource);
      const result = args === undefined ? Reflect.apply(fn, thisArg, []) : Reflect.apply(fn, thisArg, args);
      this.leave();
      return result;
    },
    // emitDestroy: queued (src/async_wrap.cc's AsyncWrap::EmitDestroy), the
    // hooks called from a native immediate, at the start of the next check
    // phase.
    destroyQueue: [],
    destroy(resource) {
      if (!this.hooks.some((h) => typeof h.destroy === 'function') || resource[kAsyncId] === undefined) return;
      if (this.destroyQueue.length === 0) host.setNativeImmediate(flushDestroys);
      this.destroyQueue.push(resource[kAsyncId]);
    },
    // After an uncaught exception was handled: the `after` hooks of every
    // context still entered, innermost first, and back to the top level.
    clearStack() {
      while (this.stack.length) this.leave();
    },
  };
  // DestroyAsyncIdsCallback: the destroy hooks of the queued ids, in order.
  function flushDestroys() {
    const ids = asyncContext.destroyQueue;
    asyncContext.destroyQueue = [];
    for (const id of ids) asyncContext.emit('destroy', id);
  }
  // AsyncLocalStorage across promise reactions: Node 24 keeps the frame
  // that was current when a reaction was made (`then`, `catch`, `finally`,
  // `await`) and restores it around the reaction's job (V8's continuation
  // preserved embedder data; lib/internal/async_context_frame.js). QuickJS
  // has no hook around a reaction job, so `then` itself (which `catch`,
  // `finally`, Promise.all/race/any/allSettled and the resolution of a
  // promise with a promise call) binds its handlers to the frame of its
  // call. An `await` makes its reaction inside the engine without `then`:
  // its continuation runs in whatever frame is current when its job runs
  // (docs/deviations.md). The replacement looks as the engine's `then`
  // does (a native function, `then`, length 2) and is installed only once
  // a program uses async_hooks.
  function bindPromiseReactions() {
    Object.defineProperty(Promise.prototype, 'then', {
      configurable: true, enumerable: false, writable: true,
      // (node/promise_hooks.rs then_in_frame: the frame is asyncContext.frame.)
      value: host.thenInFrame(Promise.prototype.then, asyncContext),
    });
  }
  internals.asyncContext = asyncContext;
  internals.asyncSymbols = { kAsyncId, kTriggerId, kFrame };

  // Node's timer functions, queueMicrotask, atob, btoa and process.nextTick
  // are ordinary functions (lib/timers.js, lib/buffer.js,
  // lib/internal/process/task_queues.js): each has an own `prototype`,
  // writable, not enumerable, not configurable, whose `constructor` is the
  // function (ECMA-262 MakeConstructor). Those made in Rust, or shared
  // with the browser host where Web IDL gives them none, get one here.
  function givePrototype(f) {
    const prototype = Object.defineProperty({}, 'constructor', { value: f, writable: true, configurable: true });
    return Object.defineProperty(f, 'prototype', { value: prototype, writable: true });
  }

  // process.nextTick is a raw C function (node/hot.rs) that queues the
  // callback itself; the method above is its path for a callback that is not
  // a function and for when async hooks are on.
  define(process, { nextTick: givePrototype(host.fastNextTick(process.nextTick)) });
  // (The host's read of a socket compares process.nextTick with it: node/net_read.rs.)
  internals.fastNextTick = process.nextTick;

  // ---------------------------------------------------------------- timers
  // https://nodejs.org/api/timers.html
  // A Timeout is an object of a native class (node/timeout.rs) whose
  // prototype is the class below: its state is Rust's, read and written
  // through accessors made on the prototype — `_onTimeout` and
  // `_timerArgs` (what the loop calls), and this file's symbols for the
  // timer's id, `_idleTimeout` and `_repeat` (what the timers phase reads
  // when the callback returns: their setters tell the loop too). An
  // Immediate keeps its id under a symbol only this file holds (as Node's
  // carry their state under symbols). (Not an object literal with
  // __proto__: setting the prototype of a new object gives it a shape of
  // its own, 95 bytes more per immediate.)
  //
  // Node's Timeout (lib/internal/timers.js) has the fields programs read and
  // write: `_onTimeout`, `_timerArgs`, `_idleTimeout` and `_repeat`,
  // `_destroyed` and `_idleStart` (read from the loop).
  const kTimerId = Symbol('timerId');
  const kImmediateId = Symbol('immediateId');
  const kIdleTimeout = Symbol('idleTimeout');
  const kRepeat = Symbol('repeat');
  const kIdleStart = Symbol('idleStart');
  const kRefed = Symbol('refed');
  // The function the loop calls for a timer, with the Timeout as `this`,
  // when node/timeout.rs's does not (async hooks, --trace, an `_onTimeout`
  // that is not a function): listOnTimeout's `timer._onTimeout(...timer._timerArgs)`;
  // a Timeout whose `_onTimeout` a program emptied is destroyed uncalled,
  // an interval too (`if (!timer._onTimeout) { ... continue; }`).
  const TIMEOUT_HINT = ['Timeout', '_onTimeout'];
  const IMMEDIATE_HINT = ['Immediate', '_onImmediate'];
  function timeoutCallback() {
    const callback = this._onTimeout;
    if (!callback) {
      host.timerSetRepeat(this[kTimerId], null);
      host.timerSetIdleTimeout(this[kTimerId], -1);
      // (cleanTimer.)
      this._onTimeout = undefined;
      this._timerArgs = undefined;
      if (this[kAsyncId] !== undefined) asyncContext.destroy(this);
      return;
    }
    const args = this._timerArgs;
    if (frameHints !== undefined) frameHints.set(callback, TIMEOUT_HINT);
    try {
      if (this[kAsyncId] !== undefined) asyncContext.run(this, callback, this, args);
      else if (args === undefined) this._onTimeout();
      else Reflect.apply(callback, this, args);
    } finally {
      // (listOnTimeout's finally, also when the callback threw:
      // `timer._idleTimeout = timer._repeat`; else the timer is destroyed.)
      // One destroyed while it ran (cleared) is emptied.
      if (this[kRepeat] && this[kIdleTimeout] !== -1) this[kIdleTimeout] = this[kRepeat];
      else if (!host.timerActive(this[kTimerId])) { this._onTimeout = undefined; this._timerArgs = undefined; }
      else if (this[kAsyncId] !== undefined && !host.timerPlaced(this[kTimerId])) asyncContext.destroy(this);
    }
  }
  let timeoutNegativeWarned = false;
  let timeoutNaNWarned = false;
  class Timeout {
    // Node's Timeout(callback, after, args, isRepeat, isRefed): the delay
    // coerced to a number, 1 when it is not one in [1, 2^31−1], with a
    // warning for one too large (each time), negative or NaN (once per
    // process each); then `insert(timeout, timeout._idleTimeout)`. (Here
    // for what node/timeout.rs's setTimeout leaves to the glue, and
    // setInterval: the object it returns is the native one.)
    constructor(callback, after, args, repeat) {
      after = after === undefined ? 1 : after * 1;
      if (!(after >= 1 && after <= 2147483647)) {
        if (after > 2147483647) {
          process.emitWarning(`${after} does not fit into a 32-bit signed integer.\nTimeout duration was set to 1.`, 'TimeoutOverflowWarning');
        } else if (after < 0 && !timeoutNegativeWarned) {
          timeoutNegativeWarned = true;
          process.emitWarning(`${after} is a negative number.\nTimeout duration was set to 1.`, 'TimeoutNegativeWarning');
        } else if (Number.isNaN(after) && !timeoutNaNWarned) {
          timeoutNaNWarned = true;
          process.emitWarning(`${after} is not a number.\nTimeout duration was set to 1.`, 'TimeoutNaNWarning');
        }
        after = 1;
      }
      // (`_repeat` null unless an interval, refed from the prototype.)
      const timeout = newTimeout(callback, after, args, repeat ? after : null);
      if (asyncContext.active) asyncContext.init(timeout, 'Timeout');
      armTimeout(timeout);
      return timeout;
    }
    // (Node's: a Timeout that was never started is not counted.)
    ref() {
      if (this[kRefed] === false) { this[kRefed] = true; host.timerRef(this[kTimerId], true); }
      return this;
    }
    unref() {
      if (this[kRefed]) { this[kRefed] = false; host.timerRef(this[kTimerId], false); }
      return this;
    }
    hasRef() { return this[kRefed]; }
    // Node's active(this)/unrefActive(this) (insertGuarded): re-inserted at
    // the end of its list, from now; one that was destroyed (it fired) is
    // armed again (here with a new id); not one whose `_idleTimeout` is
    // negative (cleared).
    refresh() {
      const after = this[kIdleTimeout];
      if (after < 0 || after === undefined || host.timerRefresh(this[kTimerId])) return this;
      this[kIdleStart] = undefined;
      // (armTimeout arms an interval as one, from `_repeat`.)
      armTimeout(this);
      if (!this[kRefed]) host.timerRef(this[kTimerId], false);
      return this;
    }
    close() { clearTimer(this); return this; }
    [Symbol.toPrimitive]() { this[kHasPrimitive] = true; return this[kTimerId]; }
    [Symbol.dispose]() { clearTimer(this); }
    get _idleTimeout() { return this[kIdleTimeout]; }
    set _idleTimeout(v) { this[kIdleTimeout] = v; host.timerSetIdleTimeout(this[kTimerId], Number(v)); }
    get _repeat() { return this[kRepeat]; }
    set _repeat(v) {
      this[kRepeat] = v;
      host.timerSetRepeat(this[kTimerId], v === null || v === undefined || v === false ? null : Number(v));
    }
    get _destroyed() { return !host.timerActive(this[kTimerId]); }
    get _idleStart() {
      const start = host.timerStart(this[kTimerId]);
      if (start !== undefined) this[kIdleStart] = start;
      return this[kIdleStart] ?? null;
    }
  }
  Timeout.prototype[kRefed] = true;
  // util.inspect(timeout): Node's Timeout[inspect.custom]
  // (lib/internal/timers.js) inspects the Timeout's own fields at depth 0;
  // here they are the native state, shown in the order and form Node's
  // are (recorded from Node 24: `_idlePrev`/`_idleNext` are its list while
  // it is in one, else null; async ids only when async hooks gave it some).
  // (A stand-in: printed at depth 0 as `[TimersList]`.)
  class TimersList { constructor(msecs) { this.msecs = msecs; } }
  const kHasPrimitive = Symbol('kHasPrimitive');
  // A Timeout's fields as Node's own properties, in Node's order: what
  // util.inspect prints and what structuredClone walks.
  function timeoutView(t) {
    const view = Object.create(Timeout.prototype);
    const listed = t[kTimerId] !== undefined && host.timerPlaced(t[kTimerId]) ? new TimersList(Math.trunc(t._idleTimeout)) : null;
    const fields = [
      ['_idleTimeout', t._idleTimeout], ['_idlePrev', listed], ['_idleNext', listed],
      ['_idleStart', t._idleStart], ['_onTimeout', t._onTimeout], ['_timerArgs', t._timerArgs],
      ['_repeat', t._repeat], ['_destroyed', t._destroyed], [kRefed, t[kRefed]],
      [kHasPrimitive, t[kHasPrimitive] === true],
    ];
    if (t[kAsyncId] !== undefined) fields.push([kAsyncId, t[kAsyncId]], [kTriggerId, t[kTriggerId]]);
    fields.push([kFrame, t[kFrame]]);
    for (const [key, value] of fields) Object.defineProperty(view, key, { value, writable: true, enumerable: true, configurable: true });
    for (const key of Reflect.ownKeys(t)) {
      if (key !== kHasPrimitive && key !== kIdleStart && !Object.prototype.hasOwnProperty.call(view, key)) Object.defineProperty(view, key, Object.getOwnPropertyDescriptor(t, key));
    }
    return view;
  }
  // (A native Timeout, not a view: a view has no timer id.)
  // (A socket's read taken by the host refreshes its timeout with this:
  // node/net_read.rs.)
  internals.timeoutRefresh = Timeout.prototype.refresh;
  internals.timeoutView = (v) => (v instanceof Timeout && typeof v[kTimerId] === 'number' ? timeoutView(v) : undefined);
  Object.defineProperty(Timeout.prototype, Symbol.for('nodejs.util.inspect.custom'), {
    writable: true, configurable: true, enumerable: false,
    value: function inspect(depth, options, inspect) {
      return inspect(timeoutView(this), { ...options, depth: 0, customInspect: false });
    },
  });
  // Node 24's clearTimeout (clearInterval, close): `if (timer?._onTimeout)
  // { timer._onTimeout = null; unenroll(timer); }`; unenroll: `_destroyed`,
  // out of its list, `_idleTimeout = -1`, and cleanTimer (`_onTimeout` and
  // `_timerArgs` undefined) for one that was in a list or already
  // destroyed. (node/timeout.rs's clearTimeout does it for a Timeout while
  // async hooks are off.)
  function clearTimer(timer) {
    if (timer === null || timer === undefined) return;
    const own = typeof timer === 'object' && typeof timer[kTimerId] === 'number' ? timer[kTimerId] : null;
    if (own !== null) {
      if (!timer._onTimeout) return;
      timer._onTimeout = null;
      unenroll(timer, own);
      return;
    }
    // An id (a number, or a string of one): Node's `knownTimersById[timer]`,
    // whose `_onTimeout` is emptied and which is unenrolled, as the object
    // would be (here the loop's timer of that id holds its Timeout).
    const id = typeof timer === 'number' || typeof timer === 'string' ? Number(timer) : NaN;
    if (!Number.isInteger(id)) return;
    const instance = host.timerObject(id);
    if (instance === undefined) {
      host.clearTimer(id);
      return;
    }
    instance._onTimeout = null;
    unenroll(instance, id);
  }
  function unenroll(timer, own) {
    const placed = host.timerPlaced(own);
    if (host.clearActiveTimer(own)) {
      timer[kIdleTimeout] = -1;
      if (timer[kAsyncId] !== undefined) asyncContext.destroy(timer);
      if (!placed) return;
    }
    timer._onTimeout = undefined;
    timer._timerArgs = undefined;
  }
  function setTimeout(callback, after, ...args) {
    if (typeof callback !== 'function') validateFunction(callback, 'callback');
    // (Node calls the callback with the Timeout as `this`.)
    return new Timeout(callback, after, args.length === 0 ? undefined : args, false);
  }
  // node/timeout.rs's setImmediate calls this for what it leaves to the
  // glue: the argument error, an async resource, the traced call stack.
  function setImmediate(callback, ...args) {
    if (typeof callback !== 'function') validateFunction(callback, 'callback');
    // (Node calls the callback with the Immediate as `this`.)
    const immediate = newImmediate();
    if (frameHints !== undefined) frameHints.set(callback, IMMEDIATE_HINT);
    if (asyncContext.active) {
      // (processImmediate: `immediate._onImmediate(...argv)` in its context.)
      asyncContext.init(immediate, 'Immediate');
      immediate[kImmediateId] = host.setImmediate(immediateCallback, [callback, args], immediate);
    } else {
      // (No arguments: undefined, which the host reads faster than [].)
      immediate[kImmediateId] = host.setImmediate(callback, args.length === 0 ? undefined : args, immediate);
    }
    return immediate;
  }
  // An immediate made while the async context is active, with the Immediate as `this`.
  function tickCallback(tick) {
    asyncContext.run(tick, tick.callback, undefined, tick.args);
    asyncContext.destroy(tick);
  }
  const asyncHooks = () => requireBuiltin('async_hooks');
  function immediateCallback(callback, args) {
    // (processImmediate destroys it in a finally; a nextTick's TickObject
    // only when its callback returned.)
    try {
      asyncContext.run(this, callback, this, args);
    } finally {
      asyncContext.destroy(this);
    }
  }
  // An Immediate is an object of a native class (node/timeout.rs) whose
  // prototype is this class; its id is the object's native state, read
  // through an accessor under kImmediateId.
  class Immediate {
    ref() { host.immediateRef(this[kImmediateId], true); return this; }
    unref() { host.immediateRef(this[kImmediateId], false); return this; }
    hasRef() { return host.immediateHasRef(this[kImmediateId]); }
    [Symbol.dispose]() { g.clearImmediate(this); }
    get _id() { return this[kImmediateId]; }
    // (Node sets it when the check phase takes the immediate, or on clearImmediate.)
    get _destroyed() { return !host.immediateActive(this[kImmediateId]); }
  }
  // With --trace, a script's `.then` is noted where it is called (with the
  // script's call stack: whether its reaction job is queued now or when the
  // promise settles), and the reaction says, as its job starts, that it is
  // a promise reaction and where `.then` was called (as the browser host's).
  const thenUntraced = Promise.prototype.then;
  if (host.tracing) nodeMore().traceThen(thenUntraced);
  const [fastSetImmediate, newImmediate] = host.immediateClass(Immediate.prototype, kImmediateId, setImmediate);
  const [fastSetTimeout, fastClearTimeout, fastClearInterval, newTimeout, armTimeout] =
    host.timeoutClass(Timeout.prototype, [kTimerId, kIdleTimeout, kRepeat], setTimeout, clearTimer, timeoutCallback);
  for (const f of [fastSetImmediate, fastSetTimeout, fastClearTimeout, fastClearInterval, g.atob, g.btoa]) givePrototype(f);
  define(g, {
    setTimeout: fastSetTimeout,
    setInterval: function setInterval(callback, repeat, ...args) {
      if (typeof callback !== 'function') validateFunction(callback, 'callback');
      return new Timeout(callback, repeat, args.length === 0 ? undefined : args, true);
    },
    clearTimeout: fastClearTimeout,
    clearInterval: fastClearInterval,
    setImmediate: fastSetImmediate,
    clearImmediate: function clearImmediate(immediate) {
      if (immediate !== null && typeof immediate === 'object' && typeof immediate[kImmediateId] === 'number') {
        if (immediate[kAsyncId] !== undefined && host.immediateActive(immediate[kImmediateId])) asyncContext.destroy(immediate);
        host.clearImmediate(immediate[kImmediateId]);
      }
    },
    // An exception in a queueMicrotask callback is an uncaught exception at
    // once (Node reports it before the next microtask), not a rejection.
    // (lib/internal/process/task_queues.js: a Microtask AsyncResource, its
    // callback run in its scope, destroyed after.)
    queueMicrotask: function queueMicrotask(callback) {
      validateFunction(callback, 'callback');
      if (host.tracing) {
        host.traceNote('queueMicrotask(): a microtask queued');
        const inner = callback;
        callback = function () {
          host.traceMicrotask('queueMicrotask', undefined);
          return inner();
        };
      }
      if (asyncContext.active) {
        const resource = new (asyncHooks().AsyncResource)('Microtask', { requireManualDestroy: true });
        thenUntraced.call(Promise.resolve(), () => {
          asyncContext.enter(resource);
          try {
            callback();
          } catch (error) {
            if (!fatalException(error, false)) host.fatal(error);
          } finally {
            if (asyncContext.executionResource === resource) asyncContext.leave();
          }
          resource.emitDestroy();
        });
        return;
      }
      thenUntraced.call(Promise.resolve(), () => {
        try {
          callback();
        } catch (error) {
          if (!fatalException(error, false)) host.fatal(error);
        }
      });
    },
    global: g,
  });
  // Step "Create global.process as getters" of Node's setupProcessObject
  // (lib/internal/bootstrap/node.js): an accessor pair whose setter replaces
  // what the getter returns; the loop keeps using the process object itself.
  let globalProcess = process;
  Object.defineProperty(g, 'process', {
    get() { return globalProcess; },
    set(value) { globalProcess = value; },
    enumerable: false,
    configurable: true,
  });
  // Step "Create global.Buffer as getters" of Node's setupBuffer
  // (lib/internal/bootstrap/node.js): an accessor pair whose setter replaces
  // what the getter returns. Buffer's glue is evaluated on the first read.
  let replacedBuffer;
  let bufferReplaced = false;
  Object.defineProperty(g, 'Buffer', {
    get() { return bufferReplaced ? replacedBuffer : buffers().Buffer; },
    set(value) { bufferReplaced = true; replacedBuffer = value; },
    enumerable: false,
    configurable: true,
  });
  // Node's console (util.format and util.inspect).
  try {
    const nodeConsole = requireBuiltin('console');
    Object.defineProperty(g, 'console', { value: nodeConsole, writable: true, configurable: true, enumerable: false });
  } catch (_) {
    Object.defineProperty(g, 'console', { value: textConsoleOf().console, writable: true, configurable: true, enumerable: false });
  }
  const promisifyCustom = Symbol.for('nodejs.util.promisify.custom');
  // timers/promises, made when first asked for (require, util.promisify's
  // getters below), as Node's lib/timers.js requires it lazily.
  let timersPromisesMade;
  const timersPromisesOf = () => (timersPromisesMade ??= host.glue('node/timers_promises.js')(internals));

  // util.promisify(setTimeout) and util.promisify(setImmediate) are
  // timers/promises' functions: as Node's lib/timers.js defines them, an
  // enumerable, non-configurable getter named `get` that makes
  // timers/promises when first read.
  Object.defineProperty(g.setTimeout, promisifyCustom, { enumerable: true, get() { return timersPromisesOf().setTimeout; } });
  Object.defineProperty(g.setImmediate, promisifyCustom, { enumerable: true, get() { return timersPromisesOf().setImmediate; } });

  // Atomics.wait blocks the thread (Node allows it on the main thread).
  // Under the virtual clock a wait that times out takes its timeout in
  // virtual time, at once: no other thread can wake it (no memory is shared
  // between threads), and the run stays repeatable.
  if (host.virtualClock) nodeMore().virtualAtomicsWait(define);

  // ---------------------------------------------------------------- uncaught errors and rejections
  // https://nodejs.org/api/process.html#event-uncaughtexception
  function handleUncaught(error, origin = 'uncaughtException') {
    return fatalException(error, origin === 'unhandledRejection');
  }
  // process.setUncaughtExceptionCaptureCallback (and domain's own capture).
  let captureFn = null;
  // lib/internal/process/execution.js's createOnGlobalUncaughtException:
  // 'uncaughtExceptionMonitor', then the capture callback or the
  // 'uncaughtException' listeners; false if nothing handled it. A handled
  // error queues an immediate that does nothing (so the loop's next turn
  // does not wait), and leaves every async context still entered.
  function fatalException(error, fromPromise) {
    const type = fromPromise ? 'unhandledRejection' : 'uncaughtException';
    process.emit('uncaughtExceptionMonitor', error, type);
    if (captureFn !== null) {
      captureFn(error);
    } else if (!process.emit('uncaughtException', error, type)) {
      return false;
    }
    internalSetImmediate(noop);
    asyncContext.clearStack();
    return true;
  }
  const noop = () => {};
  // (lib/timers.js's own, whatever a program does to the global.)
  const internalSetImmediate = g.setImmediate;
  // process._fatalException: what the host calls for an uncaught exception
  // (src/node_errors.cc's TriggerUncaughtException). A program may replace it.
  Object.defineProperty(process, '_fatalException', {
    value: fatalException,
    writable: true,
    configurable: true,
    enumerable: false,
  });
  // https://nodejs.org/api/process.html#processsetuncaughtexceptioncapturecallbackfn
  define(process, {
    setUncaughtExceptionCaptureCallback(fn) {
      if (fn === null) {
        captureFn = null;
        return;
      }
      validateFunction(fn, 'fn');
      if (captureFn !== null) {
        throw nodeError(Error, 'ERR_UNCAUGHT_EXCEPTION_CAPTURE_ALREADY_SET', '`process.setupUncaughtExceptionCapture()` was called while a capture callback was already active');
      }
      captureFn = fn;
    },
    hasUncaughtExceptionCaptureCallback() { return captureFn !== null; },
  });
  internals.setCaptureCallback = (fn) => { captureFn = fn; };
  // Unhandled rejections (node/rejections.js, read when the host first
  // reports one): what the host calls with the rejection tracker's events.
  const rejectionsShared = { host, process, markedHandled, fatalException, StartError: Error, StartMap: Map, StartWeakMap: WeakMap };
  let rejections = null;
  const processPromiseRejections = (events) => (rejections ??= host.glue('node/rejections.js')(rejectionsShared))(events);

  // ---------------------------------------------------------------- CommonJS
  // node/module.js: the Module class, require and the `module` built-in.
  let moduleSystem = null;
  function modules() {
    if (!moduleSystem) {
      moduleSystem = host.glue('node/module.js')({
        host, process, requireBuiltin, isBuiltin, schemeOnly, nodeError, plainError, invalidArgType, invalidArgValue, noteReceiver,
        builtinNames: () => Object.keys(builtins),
        cwd: () => host.cwd(),
        require: (id) => requireBuiltin(id),
      });
    }
    return moduleSystem;
  }
  builtins.module = () => modules().Module;
  function runMain(filename, source) {
    // `node -e`/`-p` code sees the built-in modules as globals (Node's
    // addBuiltinLibsToObject).
    if (/(^|\/)\[eval\]$/.test(filename)) nodeMore().addBuiltinLibsToObject(g);
    modules().runMain(filename, source);
  }
  // A module an embedder runs after the main one (its source given).
  function runModule(filename, source) { modules().runModule(filename, source); }

  // For ES modules: the names a built-in or a CommonJS module exports, and
  // its exports object, reached from generated module source.
  const IDENT = /^[A-Za-z_$][\w$]*$/;
  const exportNames = (m) => (m !== null && (typeof m === 'object' || typeof m === 'function') ? Object.keys(m).filter((k) => IDENT.test(k) && k !== 'default') : []);
  // A child made by fork(): its IPC channel (Node's setupChildProcessIpcChannel).
  if (!host.isWorker && processEnv.NODE_CHANNEL_FD) {
    const fd = parseInt(processEnv.NODE_CHANNEL_FD, 10);
    const mode = processEnv.NODE_CHANNEL_SERIALIZATION_MODE || 'json';
    delete processEnv.NODE_CHANNEL_FD;
    delete processEnv.NODE_CHANNEL_SERIALIZATION_MODE;
    if (fd >= 0) requireBuiltin('child_process')._forkChild(fd, mode);
  }
  // A worker thread does not own the process's state
  // (lib/internal/bootstrap/switches/does_not_own_process_state.js:
  // node/worker_process.js, read in a worker only).
  if (host.isWorker) host.glue('node/worker_process.js')({ host, process, define, nodeError, workerThreads, internals });
  // process's own properties as Node 24 has them: all enumerable (Node's
  // bootstrap assigns most of them; lib/internal/bootstrap/node.js and
  // lib/internal/process/per_thread.js), in Node's order (Object.keys, a
  // for-in or a spread of process lists them as Node does), those Node does
  // not have after them. (features and exitCode are not configurable, as in
  // Node: they stay where they are.)
  {
    const order = ['version', 'versions', 'arch', 'platform', 'release', '_rawDebug', 'moduleLoadList', 'binding',
      '_linkedBinding', '_events', '_eventsCount', '_maxListeners', 'domain', '_exiting', 'exitCode', 'config', 'dlopen',
      'uptime', '_getActiveRequests', '_getActiveHandles', 'getActiveResourcesInfo', 'reallyExit', '_kill', 'loadEnvFile',
      'cpuUsage', 'threadCpuUsage', 'resourceUsage', 'memoryUsage', 'constrainedMemory', 'availableMemory', 'kill', 'exit',
      'execve', 'ref', 'unref', 'finalization', 'hrtime', 'openStdin', 'getuid', 'geteuid', 'getgid', 'getegid', 'getgroups',
      'allowedNodeEnvironmentFlags', 'features', '_fatalException', 'setUncaughtExceptionCaptureCallback',
      'hasUncaughtExceptionCaptureCallback', 'emitWarning', 'nextTick', '_tickCallback', 'sourceMapsEnabled',
      'setSourceMapsEnabled', 'getBuiltinModule', '_debugProcess', '_debugEnd', '_startProfilerIdleNotifier',
      '_stopProfilerIdleNotifier', 'stdout', 'stdin', 'stderr', 'abort', 'umask', 'chdir', 'cwd', 'initgroups', 'setgroups',
      'setegid', 'seteuid', 'setgid', 'setuid', 'env', 'title', 'argv', 'execArgv', 'pid', 'ppid', 'execPath', 'debugPort',
      'argv0', '_eval', '_preload_modules', 'report'];
    // (Each configurable own property is taken out and defined again at the
    // end, enumerable: the names in `order` first, then the rest as they
    // were; a C function, node/startup.rs, since a descriptor object per
    // property was about 0.4 M instructions of every start, callgrind.)
    host.orderOwnProperties(process, order);
  }
  // lib/internal/modules/run_main.js handleProcessExit: a main ES module
  // whose top-level await never settles ends the process with exit code 13
  // and a warning (unless process.exitCode says otherwise).
  function watchMainModule(promise, url) {
    const onExit = () => {
      if (process.exitCode === undefined) {
        process.exitCode = 13;
        host.print(2, `Warning: Detected unsettled top-level await at ${url}\n`);
      }
    };
    process.on('exit', onExit);
    const settled = () => process.off('exit', onExit);
    promise.then(settled, settled);
  }
  // A worker's `--require` (`-r`) execArgv: modules loaded before its
  // script (Node's loadPreloadModules).
  function preloadModules() {
    const argv = process.execArgv;
    const preloads = [];
    for (let i = 0; i < argv.length; i++) {
      if ((argv[i] === '--require' || argv[i] === '-r') && i + 1 < argv.length) preloads.push(argv[++i]);
      else if (argv[i].startsWith('--require=')) preloads.push(argv[i].slice(10));
    }
    if (preloads.length === 0) return;
    const req = modules().Module.createRequire(`${internals.cwd()}/[preload]`);
    for (const p of preloads) req(p);
  }
  const cjsFromEsm = (filename) => modules().fromEsm(filename);
  Object.defineProperty(g, Symbol.for('jsloop.builtin'), { value: (name) => requireBuiltin(name), enumerable: false });
  Object.defineProperty(g, Symbol.for('jsloop.cjs'), { value: cjsFromEsm, enumerable: false });
  function isBuiltin(name) {
    if (!name.startsWith('node:') && schemeOnly.has(name)) return false;
    return Object.prototype.hasOwnProperty.call(builtins, name.startsWith('node:') ? name.slice(5) : name);
  }
  host.setBuiltinNames(Object.keys(builtins), [...schemeOnly]);
  // performance is a replaceable accessor pair in Node
  // (lib/internal/bootstrap/web/exposed-window-or-worker.js): perf_hooks'
  // performance (node/perf_hooks.js, made when first read), or what was
  // assigned.
  {
    let value;
    let assigned = false;
    Object.defineProperty(g, 'performance', {
      get: { 'get performance'() { return assigned ? value : requireBuiltin('perf_hooks').performance; } }['get performance'],
      set: { 'set performance'(v) { value = v; assigned = true; } }['set performance'],
      enumerable: true,
      configurable: true,
    });
  }
  // The global object's enumerable own properties, in Node 24's order
  // (Object.keys(globalThis); lib/internal/bootstrap/node.js defines these
  // enumerable, the other globals not): each configurable one is taken out
  // and defined again, enumerable, in that order (a C function,
  // node/startup.rs).
  host.orderOwnProperties(g, ['global', 'clearImmediate', 'setImmediate', 'clearInterval', 'clearTimeout', 'setInterval',
    'setTimeout', 'queueMicrotask', 'structuredClone', 'atob', 'btoa', 'performance', 'fetch', 'crypto', 'navigator'], true);
  return { frameHints, builtinExportNames: (name) => exportNames(requireBuiltin(name)), cjsExportNames: (filename) => exportNames(cjsFromEsm(filename)), isBuiltin, netDispatch, netReader, netBufferClass, netReadSteps, handleUncaught, processPromiseRejections, runMain, runModule, registerBuiltin: (name, exports) => { if (Object.prototype.hasOwnProperty.call(builtins, name)) throw new Error(`jsloop: a module named '${name}' is built in`); builtins[name] = () => exports; host.setBuiltinNames(Object.keys(builtins), [...schemeOnly]); }, workerEvent: (kind, id, a, b) => workerThreads().dispatch(kind, id, a, b), preloadModules, watchMainModule, runEval: (source) => workerThreads().runEval(source), serializeError: (e) => workerThreads().serializeError(e), emitBeforeExit: () => process.emit('beforeExit', process.exitCode ?? 0), emitExit: (code, fatal) => {
      process._exiting = true;
      if (fatal) process.exitCode = code;
      process.emit('exit', code);
      if (exitTrace !== null) {
        const thread = host.isWorker ? `, thread:${workerThreads().module.threadId}` : '';
        host.print(2, `(node:${host.pid}${thread}) WARNING: Exited the environment with code ${Number(process.exitCode) | 0}\n${exitTrace}\n`);
        exitTrace = null;
      }
    }, getExitCode: () => (process.exitCode === undefined ? undefined : Number(process.exitCode) | 0), process, requireBuiltin };
})

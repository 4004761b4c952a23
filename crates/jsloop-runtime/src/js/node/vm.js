// jsloop node glue: the `vm` module (https://nodejs.org/api/vm.html).
// A context is a QuickJS context (realm) of its own (src/node/vm.rs), with
// its own global object and built-ins. Node's global of a contextified
// object reads and writes through to that object; here the object's own
// properties are defined on the context's global before each run and what
// the run defined or changed is copied back after it (docs/deviations.md:
// a closure that outlives the run sees the context's global, not later
// changes to the object).
// internals: { host, require(id), nodeError, invalidArgType }
(function (internals) {
  'use strict';
  const host = internals.host.vm;
  const { nodeError, invalidArgType } = internals;
  const DEFAULT_FILENAME = 'evalmachine.<anonymous>';
  // A contextified object's context: { id, initial names of its global }.
  const contexts = new WeakMap();

  const isObject = (v) => v !== null && (typeof v === 'object' || typeof v === 'function');

  function validateOptions(options, name = 'options') {
    if (options === undefined) return {};
    if (typeof options === 'string') return { filename: options };
    if (!isObject(options) || typeof options === 'function') throw invalidArgType(name, 'object', options);
    if (options.filename !== undefined && typeof options.filename !== 'string') throw invalidArgType('options.filename', 'string', options.filename);
    return options;
  }

  function makeContext(object) {
    const id = host.newContext();
    const global = host.global(id);
    const record = { id, global, initial: new Set(Reflect.ownKeys(global)) };
    contexts.set(object, record);
    return record;
  }

  // A contextified object's context ({ id, global }), for
  // worker_threads.moveMessagePortToContext; undefined for anything else.
  internals.vmContextOf = (object) => contexts.get(object);

  // https://nodejs.org/api/vm.html#vmcreatecontextcontextobject-options
  function createContext(contextObject = {}, options = undefined) {
    if (contextObject === vm.constants.DONT_CONTEXTIFY) contextObject = {};
    if (!isObject(contextObject)) throw invalidArgType('contextObject', 'object', contextObject);
    if (options !== undefined && !isObject(options)) throw invalidArgType('options', 'object', options);
    if (!contexts.has(contextObject)) makeContext(contextObject);
    return contextObject;
  }

  // https://nodejs.org/api/vm.html#vmiscontextobject
  function isContext(object) {
    if (!isObject(object)) throw invalidArgType('object', 'object', object);
    return contexts.has(object);
  }

  // Runs `code` in the context of `sandbox`, with the copying the header
  // describes.
  function runIn(sandbox, code, filename) {
    const record = contexts.get(sandbox);
    if (!record) throw invalidArgType('contextifiedObject', 'vm.Context', sandbox);
    const { global, initial } = record;
    for (const key of Reflect.ownKeys(sandbox)) {
      const desc = Reflect.getOwnPropertyDescriptor(sandbox, key);
      if (desc) Reflect.defineProperty(global, key, { ...desc, configurable: true });
    }
    let result;
    try {
      result = host.run(record.id, code, filename);
    } finally {
      for (const key of Reflect.ownKeys(global)) {
        if (initial.has(key) && !Object.prototype.hasOwnProperty.call(sandbox, key)) continue;
        const desc = Reflect.getOwnPropertyDescriptor(global, key);
        if (!desc) continue;
        const own = Reflect.getOwnPropertyDescriptor(sandbox, key);
        if (own && 'value' in own && 'value' in desc && Object.is(own.value, desc.value)) continue;
        if (own && !own.configurable && !own.writable) continue;
        if ('value' in desc) {
          if (own && own.writable) sandbox[key] = desc.value;
          else Reflect.defineProperty(sandbox, key, { value: desc.value, writable: true, enumerable: true, configurable: true });
        } else Reflect.defineProperty(sandbox, key, desc);
      }
    }
    return result;
  }

  // https://nodejs.org/api/vm.html#class-vmscript
  const kSource = Symbol('source');
  const kFilename = Symbol('filename');
  class Script {
    constructor(code, options = undefined) {
      code = `${code}`;
      options = validateOptions(options);
      const filename = options.filename === undefined ? DEFAULT_FILENAME : options.filename;
      // A syntax error is thrown here, as V8 compiles the script at once.
      host.compile(code, filename);
      this[kSource] = code;
      this[kFilename] = filename;
    }
    runInThisContext(options = undefined) {
      validateOptions(options);
      return host.runHere(this[kSource], this[kFilename]);
    }
    runInContext(contextifiedObject, options = undefined) {
      if (!isObject(contextifiedObject) || !contexts.has(contextifiedObject)) throw invalidArgType('contextifiedObject', 'vm.Context', contextifiedObject);
      validateOptions(options);
      return runIn(contextifiedObject, this[kSource], this[kFilename]);
    }
    runInNewContext(contextObject = undefined, options = undefined) {
      const sandbox = createContext(contextObject === undefined ? {} : contextObject, undefined);
      return runIn(sandbox, this[kSource], this[kFilename]);
    }
    createCachedData() {
      return internals.require('buffer').Buffer.alloc(0);
    }
  }
  Object.defineProperty(Script.prototype, 'cachedDataRejected', { value: false, writable: true, configurable: true });

  // https://nodejs.org/api/vm.html#vmruninthiscontextcode-options
  function runInThisContext(code, options = undefined) {
    return new Script(code, options).runInThisContext(options);
  }
  // https://nodejs.org/api/vm.html#vmrunincontextcode-contextifiedobject-options
  function runInContext(code, contextifiedObject, options = undefined) {
    return new Script(code, options).runInContext(contextifiedObject, options);
  }
  // https://nodejs.org/api/vm.html#vmruninnewcontextcode-contextobject-options
  function runInNewContext(code, contextObject = undefined, options = undefined) {
    const script = new Script(code, options);
    if (contextObject === undefined) {
      // A context nobody can reach again: its realm is let go at once
      // (what the run made keeps what it needs).
      const sandbox = {};
      const record = makeContext(sandbox);
      try {
        return runIn(sandbox, script[kSource], script[kFilename]);
      } finally {
        contexts.delete(sandbox);
        host.freeContext(record.id);
      }
    }
    return script.runInNewContext(contextObject, options);
  }

  // https://nodejs.org/api/vm.html#vmcompilefunctioncode-params-options
  function compileFunction(code, params = [], options = {}) {
    if (typeof code !== 'string') throw invalidArgType('code', 'string', code);
    if (!Array.isArray(params)) throw invalidArgType('params', 'Array', params);
    params.forEach((p, i) => { if (typeof p !== 'string') throw invalidArgType(`params[${i}]`, 'string', p); });
    options = validateOptions(options);
    const filename = options.filename === undefined ? '' : options.filename;
    const source = `(function (${params.join(', ')}) {\n${code}\n})`;
    if (options.parsingContext !== undefined) return runIn(options.parsingContext, source, filename);
    return host.runHere(source, filename);
  }

  const vm = {
    Script,
    createContext,
    isContext,
    runInContext,
    runInNewContext,
    runInThisContext,
    compileFunction,
    createScript: (code, options) => new Script(code, options),
    constants: Object.freeze({ USE_MAIN_CONTEXT_DEFAULT_LOADER: Symbol('vm_dynamic_import_main_context_default'), DONT_CONTEXTIFY: Symbol('vm_context_no_contextify') }),
  };
  return vm;
})

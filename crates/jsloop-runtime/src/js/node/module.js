// jsloop node glue: CommonJS modules and the `module` built-in
// (https://nodejs.org/api/modules.html, https://nodejs.org/api/module.html).
// Resolution (files, index files, package.json "main", "exports" and
// "imports" with conditions, self-reference, node_modules) is the host's
// (src/node/resolve.rs, shared with `import`); this file keeps the cache,
// the Module objects, require and its properties, and the loading by
// extension, including require() of an ES module (Node 22.12+: a graph
// without top-level await is evaluated at once).
// internals: { host, process, requireBuiltin, isBuiltin, builtinNames,
//   nodeError, plainError, invalidArgType, invalidArgValue, emitWarning }
(function (internals) {
  'use strict';
  const { host, nodeError, plainError, invalidArgType } = internals;

  const dirname = (p) => {
    const i = p.lastIndexOf('/');
    return i <= 0 ? '/' : p.slice(0, i);
  };
  const isAbsolute = (p) => typeof p === 'string' && p.startsWith('/');
  const stripBOM = (s) => (s.charCodeAt(0) === 0xfeff ? s.slice(1) : s);
  const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

  // https://nodejs.org/api/modules.html#loading-from-the-global-folders
  const home = internals.process.env.HOME;
  const prefix = dirname(dirname(internals.process.execPath || '/usr/bin/node'));
  const globalPaths = [];
  if (home) globalPaths.push(`${home}/.node_modules`, `${home}/.node_libraries`);
  globalPaths.push(`${prefix}/lib/node`);

  // https://nodejs.org/api/modules.html#the-module-object
  function Module(id = '', parent = undefined) {
    this.id = id;
    this.path = dirname(id);
    this.exports = {};
    this.filename = null;
    this.loaded = false;
    this.children = [];
    this.paths = undefined;
    Object.defineProperty(this, kParent, { value: parent, writable: true, enumerable: false, configurable: true });
    if (parent && parent.children && !parent.children.includes(this)) parent.children.push(this);
  }
  const kParent = Symbol('parent');
  Object.defineProperty(Module.prototype, 'parent', {
    get() { return this[kParent]; },
    set(v) { this[kParent] = v; },
    configurable: true,
  });
  Object.defineProperty(Module.prototype, 'isPreloading', { get: () => false, configurable: true });

  Module._cache = Object.create(null);
  Module._pathCache = Object.create(null);
  Module._extensions = Object.create(null);
  Module.globalPaths = globalPaths.slice();
  Module.wrapper = ['(function (exports, require, module, __filename, __dirname) { ', '\n});'];
  Module.wrap = (script) => Module.wrapper[0] + script + Module.wrapper[1];
  Module.Module = Module;

  const schemeOnly = () => internals.schemeOnly;
  // https://nodejs.org/api/module.html#modulebuiltinmodules
  Object.defineProperty(Module, 'builtinModules', {
    get() {
      const names = internals.builtinNames().filter((n) => !schemeOnly().has(n));
      return [...names.sort(), ...[...schemeOnly()].map((n) => `node:${n}`).sort()];
    },
    enumerable: true,
    configurable: true,
  });
  // https://nodejs.org/api/module.html#moduleisbuiltinmodulename
  Module.isBuiltin = (name) => internals.isBuiltin(String(name));

  // https://nodejs.org/api/modules.html#all-together, NODE_MODULES_PATHS
  Module._nodeModulePaths = (from) => host.nodeModulePaths(String(from));

  // require.resolve.paths: null for a built-in, the parent's directory for
  // a relative request, else node_modules up the tree and the global folders.
  Module._resolveLookupPaths = function (request, parent) {
    if (internals.isBuiltin(request)) return null;
    if (request.startsWith('./') || request.startsWith('../') || request === '.' || request === '..') {
      return [parent && parent.filename ? dirname(parent.filename) : '.'];
    }
    const paths = parent && parent.paths ? parent.paths.slice() : Module._nodeModulePaths(internals.cwd());
    return paths.concat(Module.globalPaths);
  };

  function requireStack(parent) {
    const stack = [];
    for (let m = parent; m; m = m[kParent]) stack.push(m.filename || m.id);
    return stack;
  }

  function notFound(request, parent, message = `Cannot find module '${request}'`) {
    const stack = requireStack(parent);
    const err = plainError(Error, 'MODULE_NOT_FOUND', message + (stack.length ? '\nRequire stack:\n- ' + stack.join('\n- ') : ''));
    err.requireStack = stack;
    return err;
  }

  // A request with a lone surrogate: the files are looked up with U+FFFD
  // for it (Node's BufferValue), but Node resolves the path as a string, so
  // the filename (require.resolve, __filename, the cache's key) keeps the
  // request's text where the file's path is the request's (both the same
  // length: U+FFFD is one code unit too).
  function withSurrogates(found, request, from) {
    const asked = request.startsWith('/') ? request : `${dirname(from)}/${request}`;
    const wanted = internals.require('path').resolve(asked);
    const written = wanted.toWellFormed();
    return found.startsWith(written) ? wanted + found.slice(written.length) : found;
  }
  // https://nodejs.org/api/modules.html#requireresolverequest-options
  Module._resolveFilename = function (request, parent, isMain, options) {
    if (internals.isBuiltin(request) && !request.startsWith('node:')) return request;
    let paths;
    if (options && options.paths !== undefined) {
      if (!Array.isArray(options.paths)) throw invalidArgType('options.paths', 'Array', options.paths);
      const relative = request.startsWith('./') || request.startsWith('../');
      paths = [];
      for (const p of options.paths) {
        if (relative) paths.push(p);
        else for (const d of Module._nodeModulePaths(p)) if (!paths.includes(d)) paths.push(d);
      }
      if (!relative) paths.push(...Module.globalPaths);
    } else if (!(request.startsWith('./') || request.startsWith('../') || request.startsWith('/') || request.startsWith('#'))) {
      paths = (parent && parent.paths ? parent.paths : Module._nodeModulePaths(parent && parent.filename ? dirname(parent.filename) : internals.cwd())).concat(Module.globalPaths);
    }
    const from = parent && parent.filename ? parent.filename : `${internals.cwd()}/[eval]`;
    const found = host.requireResolve(request, from, paths);
    if (typeof found === 'string') return request.isWellFormed() ? found : withSurrogates(found, request, from);
    if (found.code === 'MODULE_NOT_FOUND') {
      // (Node's message quotes the request as given, lone surrogates too.)
      const message = request.isWellFormed() ? found.message : found.message.split(request.toWellFormed()).join(request);
      throw notFound(request, parent, message);
    }
    throw nodeError(['ERR_INVALID_MODULE_SPECIFIER', 'ERR_PACKAGE_IMPORT_NOT_DEFINED', 'ERR_INVALID_URL', 'ERR_INVALID_FILE_URL_PATH'].includes(found.code) ? TypeError : Error, found.code, found.message);
  };

  function loadBuiltin(id) {
    const exports = internals.requireBuiltin(id);
    if (exports === undefined) throw nodeError(Error, 'ERR_UNKNOWN_BUILTIN_MODULE', `No such built-in module: ${id}`);
    return exports;
  }

  // https://nodejs.org/api/modules.html#caching, Module._load
  Module._load = function (request, parent, isMain) {
    if (request.startsWith('node:')) return loadBuiltin(request);
    if (internals.isBuiltin(request) && !hasOwn(Module._cache, request)) return loadBuiltin(request);
    const filename = Module._resolveFilename(request, parent, isMain);
    if (filename.startsWith('node:')) return loadBuiltin(filename);
    const cached = Module._cache[filename];
    if (cached !== undefined) {
      if (parent && parent.children && !parent.children.includes(cached)) parent.children.push(cached);
      return cached.exports;
    }
    if (internals.isBuiltin(filename)) return loadBuiltin(filename);
    const module = new Module(filename, parent);
    if (isMain) {
      internals.process.mainModule = module;
      module.id = '.';
    }
    loadCached(module, filename, parent);
    return module.exports;
  };

  // Module._load's last steps (lib/internal/modules/cjs/loader.js): the
  // module is cached before it loads; if loading throws, it is taken out of
  // the cache and out of its parent's children (`parent` null: none).
  function loadCached(module, filename, parent) {
    Module._cache[filename] = module;
    let threw = true;
    try {
      module.load(filename);
      threw = false;
    } finally {
      if (threw) {
        delete Module._cache[filename];
        if (parent && parent.children) {
          const i = parent.children.indexOf(module);
          if (i !== -1) parent.children.splice(i, 1);
        }
      }
    }
  }

  // The longest registered extension of a file's name ('.test.js' before
  // '.js'), else '.js'.
  function findExtension(filename) {
    const name = filename.slice(filename.lastIndexOf('/') + 1);
    let dot = name.indexOf('.', 1);
    while (dot !== -1) {
      const ext = name.slice(dot);
      if (Module._extensions[ext]) return ext;
      dot = name.indexOf('.', dot + 1);
    }
    return '.js';
  }

  Module.prototype.load = function (filename) {
    this.filename = filename;
    this.paths = Module._nodeModulePaths(dirname(filename));
    const ext = findExtension(filename);
    Module._extensions[ext](this, filename);
    this.loaded = true;
  };

  Module.prototype.require = function (id) {
    if (typeof id !== 'string') throw invalidArgType('id', 'string', id);
    if (id === '') throw nodeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'id' must be a non-empty string. Received ''");
    return Module._load(id, this, false);
  };

  // Runs CommonJS source as this module's body (the module wrapper).
  Module.prototype._compile = function (content, filename) {
    const wrapper = host.compileModule(content.replace(/^#!.*/, ''), filename);
    host.stackModuleWrapper(wrapper, filename);
    const require = makeRequireFunction(this);
    // (V8 names the body's frame `Object.<anonymous>`: a function without a
    // name called on module.exports.)
    if (internals.noteReceiver !== undefined) internals.noteReceiver(wrapper, this.exports, undefined);
    return wrapper.call(this.exports, this.exports, require, this, filename, dirname(filename));
  };

  // require() of an ES module: its namespace (or its 'module.exports'
  // export), evaluated at once; ERR_REQUIRE_ASYNC_MODULE for top-level await.
  function loadESM(module, filename) {
    const result = host.requireEsm(filename);
    if (result === null) {
      const stack = requireStack(module[kParent]);
      throw nodeError(Error, 'ERR_REQUIRE_ASYNC_MODULE', 'require() cannot be used on an ESM graph with top-level await. Use import() instead. To see where the top-level await comes from, use --experimental-print-required-tla.' + `\nRequired module: ${filename}` + (stack.length ? '\nRequire stack:\n- ' + stack.join('\n- ') : ''));
    }
    module.exports = result;
  }

  Module._extensions['.js'] = function (module, filename) {
    const content = host.readFile(filename);
    const type = host.packageType(filename);
    if (filename.endsWith('.cjs') || type === 'commonjs') return module._compile(content, filename);
    if (filename.endsWith('.mjs') || type === 'module') return loadESM(module, filename);
    // No "type": CommonJS, unless the source only parses as an ES module
    // (Node 24's syntax detection).
    if (host.detectModuleSyntax(content, filename)) return loadESM(module, filename);
    return module._compile(content, filename);
  };
  Module._extensions['.json'] = function (module, filename) {
    const content = host.readFile(filename);
    try {
      module.exports = JSON.parse(stripBOM(content));
    } catch (err) {
      err.message = filename + ': ' + err.message;
      throw err;
    }
  };
  Module._extensions['.node'] = function (module, filename) {
    throw nodeError(Error, 'ERR_DLOPEN_FAILED', `${filename}: jsloop cannot load native addons`);
  };

  // https://nodejs.org/api/modules.html#requireid and its properties.
  function makeRequireFunction(mod) {
    const require = function require(path) {
      return mod.require(path);
    };
    function resolve(request, options) {
      if (typeof request !== 'string') throw invalidArgType('request', 'string', request);
      return Module._resolveFilename(request, mod, false, options);
    }
    resolve.paths = function paths(request) {
      if (typeof request !== 'string') throw invalidArgType('request', 'string', request);
      return Module._resolveLookupPaths(request, mod);
    };
    require.resolve = resolve;
    require.main = internals.process.mainModule;
    require.extensions = Module._extensions;
    require.cache = Module._cache;
    return require;
  }

  // https://nodejs.org/api/module.html#modulecreaterequirefilename
  Module.createRequire = function createRequire(filename) {
    let path;
    if (typeof filename === 'object' && filename !== null && typeof filename.href === 'string' && filename.protocol === 'file:') path = internals.require('url').fileURLToPath(filename);
    else if (typeof filename === 'string' && filename.startsWith('file:')) path = internals.require('url').fileURLToPath(filename);
    else if (isAbsolute(filename)) path = filename;
    else throw internals.invalidArgValue('filename', filename, 'must be a file URL object, file URL string, or absolute path string');
    const proxyPath = path.endsWith('/') ? path + 'noop.js' : path;
    const m = new Module(proxyPath);
    m.filename = proxyPath;
    m.paths = Module._nodeModulePaths(dirname(proxyPath));
    return makeRequireFunction(m);
  };

  // https://nodejs.org/api/module.html#modulefindpackagejsonspecifier-base
  Module.findPackageJSON = function findPackageJSON(specifier, base) {
    let from = base;
    if (typeof specifier !== 'string' && !(specifier && specifier.href)) throw invalidArgType('specifier', ['string', 'URL'], specifier);
    if (base !== undefined && typeof base !== 'string' && !(base && base.href)) throw invalidArgType('base', ['string', 'URL'], base);
    if (from && typeof from !== 'string') from = from.href;
    if (from && from.startsWith('file:')) from = internals.require('url').fileURLToPath(from);
    let target = typeof specifier === 'string' ? specifier : specifier.href;
    if (target.startsWith('file:')) target = internals.require('url').fileURLToPath(target);
    else if (!target.startsWith('/')) target = Module._resolveFilename(target, from ? { filename: from, paths: Module._nodeModulePaths(dirname(from)) } : null, false);
    return host.findPackageJson(target);
  };

  Module._findPath = function (request, paths) {
    const found = host.requireResolve(request, `${paths && paths[0] ? paths[0] : internals.cwd()}/[find]`, paths);
    return typeof found === 'string' ? found : false;
  };

  // The main module and modules an embedder runs after it.
  function runMain(filename, source) {
    // Code from -e, -p or standard input (`[eval]`, `[stdin]` in the working
    // directory) is not a main module: Node's evalScript
    // (lib/internal/process/execution.js) gives it a Module named so, with
    // the working directory's filename and paths, no require.main, and
    // `__filename` the bare name, `__dirname` '.'.
    const evaluated = /\/\[(eval|stdin)\]$/.exec(filename);
    const module = new Module(evaluated ? evaluated[0].slice(1) : filename, null);
    if (evaluated) {
      module.id = evaluated[0].slice(1);
    } else {
      module.id = '.';
      internals.process.mainModule = module;
    }
    Module._cache[filename] = module;
    module.filename = filename;
    module.paths = Module._nodeModulePaths(dirname(filename));
    if (evaluated) {
      const wrapper = host.compileModule(source, filename);
      const require = makeRequireFunction(module);
      if (internals.noteReceiver !== undefined) internals.noteReceiver(wrapper, module.exports, undefined);
      wrapper.call(module.exports, module.exports, require, module, module.id, '.');
    } else {
      module._compile(source, filename);
    }
    module.loaded = true;
  }
  function runModule(filename, source) {
    const module = new Module(filename, internals.process.mainModule);
    Module._cache[filename] = module;
    module.filename = filename;
    module.paths = Module._nodeModulePaths(dirname(filename));
    module._compile(source, filename);
    module.loaded = true;
  }
  // A CommonJS module an ES module imports (through the cache).
  function fromEsm(filename) {
    const cached = Module._cache[filename];
    if (cached) return cached.exports;
    const module = new Module(filename, null);
    loadCached(module, filename, null);
    return module.exports;
  }

  return { Module, runMain, runModule, fromEsm };
})

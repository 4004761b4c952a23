// jsloop node glue: the bodies of process's methods that a start does not
// run, read when a program first calls one of them (40_node.js's
// processMethods; each method on process calls its body here, so the
// methods exist from the start with their names and lengths). `d` is what
// 40_node.js shares: the host, process, its internals, the built-in module
// table, requireBuiltin, Node's error makers and validators, and
// traceWarnings() (--trace-warnings, from NODE_OPTIONS or a worker's
// execArgv).
(function (d) {
  'use strict';
  const { host, process, internals, builtins, schemeOnly, requireBuiltin, nodeError, invalidArgType, invalidArgValue } = d;
  const { validateInteger, validateNumber } = d;
  // Whether a warning printed the hint to use --trace-warnings (once).
  let warned = false;
  // getrusage(2) through host.os (node/os.rs), as an array; its errno as
  // a SystemError-like error when it fails.
  function rusage(thread) {
    const r = host.os.rusage(thread);
    if (r.length === 1) {
      const [code, description] = host.os.errname(-r[0]);
      throw Object.assign(new Error(`${code}: ${description}, uv_getrusage`), { errno: r[0], code, syscall: 'uv_getrusage' });
    }
    return r;
  }
  return {
    // https://nodejs.org/api/process.html#processumaskmask
    umask(mask) {
      if (mask === undefined) return host.os.umask(-1);
      if (typeof mask === 'string') {
        if (!/^[0-7]+$/.test(mask)) throw invalidArgValue('mask', mask, 'must be a 32-bit unsigned integer or an octal string');
        mask = parseInt(mask, 8);
      }
      validateInteger(mask, 'mask', 0, 4294967295);
      return host.os.umask(mask & 0o777);
    },
    // https://nodejs.org/api/process.html#processchdirdirectory
    chdir(directory) {
      if (typeof directory !== 'string') throw invalidArgType('directory', 'string', directory);
      const from = host.cwd();
      // lib/internal/worker.js: the main thread's chdir counts changes in
      // the counter its workers read (process.cwd in a worker).
      if (internals.cwdCounter) Atomics.add(internals.cwdCounter, 0, 1);
      const errno = host.os.chdir(directory);
      if (errno !== 0) {
        const [code, description] = host.os.errname(errno);
        const err = new Error(`${code}: ${description}, chdir '${from}' -> '${directory}'`);
        Object.assign(err, { errno, code, syscall: 'chdir', path: from, dest: directory });
        throw err;
      }
    },
    // https://nodejs.org/api/process.html#processemitwarningwarning-options:
    // the warning is an Error, emitted as 'warning' on the next tick; the
    // listener Node adds at start-up prints it (onWarning below).
    emitWarning(warning, type, code, ctor) {
      let detail;
      if (type !== null && typeof type === 'object' && !Array.isArray(type)) {
        ctor = type.ctor;
        code = type.code;
        if (typeof type.detail === 'string') detail = type.detail;
        type = type.type || 'Warning';
      } else if (typeof type === 'function') {
        ctor = type;
        code = undefined;
        type = 'Warning';
      }
      if (type !== undefined && typeof type !== 'string') throw invalidArgType('type', 'string', type);
      if (typeof code === 'function') {
        ctor = code;
        code = undefined;
      } else if (code !== undefined && typeof code !== 'string') throw invalidArgType('code', 'string', code);
      if (typeof warning === 'string') {
        const text = warning;
        warning = new Error(text);
        warning.name = String(type || 'Warning');
        if (code !== undefined) warning.code = code;
        if (detail !== undefined) warning.detail = detail;
      } else if (!(warning instanceof Error)) throw invalidArgType('warning', ['Error', 'string'], warning);
      if (warning.name === 'DeprecationWarning') {
        if (process.noDeprecation) return;
        if (process.throwDeprecation) throw warning;
      }
      process.nextTick(() => process.emit('warning', warning));
    },
    // Node's onWarning (lib/internal/process/warning.js), the 'warning'
    // listener process has from the start.
    onWarning(warning) {
      if (!(warning instanceof Error)) return;
      const deprecation = warning.name === 'DeprecationWarning';
      if (deprecation && process.noDeprecation) return;
      let msg = `(node:${host.pid}) `;
      if (warning.code) msg += `[${warning.code}] `;
      // (lib/internal/process/warning.js: with --trace-warnings, the stack.)
      const trace = d.traceWarnings() || (deprecation && process.traceDeprecation);
      if (trace && warning.stack) msg += `${warning.stack}`;
      else msg += typeof warning.toString === 'function' ? `${warning.toString()}` : Error.prototype.toString.call(warning);
      if (typeof warning.detail === 'string') msg += `\n${warning.detail}`;
      if (!trace && !warned) {
        warned = true;
        msg += `\n(Use \`node ${deprecation ? '--trace-deprecation' : '--trace-warnings'} ...\` to show where the warning was created)`;
      }
      host.print(2, msg);
    },
    // https://nodejs.org/api/process.html#processcpuusagepreviousvalue and
    // #processthreadcpuusagepreviousvalue (lib/internal/process/per_thread.js):
    // user and system CPU time in microseconds (getrusage) of the process
    // or the calling thread, or the change since `prevValue`, checked as
    // Node checks it (previousValueIsValid, then validateObject/
    // validateNumber, then ERR_INVALID_ARG_VALUE as a RangeError).
    cpuUsage(thread, prevValue) {
      const valid = (n) => typeof n === 'number' && n <= Number.MAX_SAFE_INTEGER && n >= 0;
      const rangeError = (name, value) => {
        const err = invalidArgValue(name, value);
        return nodeError(RangeError, 'ERR_INVALID_ARG_VALUE', err.message);
      };
      if (prevValue) {
        if (!valid(prevValue.user)) {
          if (typeof prevValue !== 'object' || Array.isArray(prevValue)) throw invalidArgType('prevValue', 'object', prevValue);
          validateNumber(prevValue.user, 'prevValue.user');
          throw rangeError('prevValue.user', prevValue.user);
        }
        if (!valid(prevValue.system)) {
          validateNumber(prevValue.system, 'prevValue.system');
          throw rangeError('prevValue.system', prevValue.system);
        }
      }
      const [user, system] = rusage(thread);
      if (prevValue) return { user: user - prevValue.user, system: system - prevValue.system };
      return { user, system };
    },
    // https://nodejs.org/api/process.html#processresourceusage
    resourceUsage() {
      const r = rusage(false);
      return {
        userCPUTime: r[0], systemCPUTime: r[1], maxRSS: r[2], sharedMemorySize: r[3], unsharedDataSize: r[4],
        unsharedStackSize: r[5], minorPageFault: r[6], majorPageFault: r[7], swappedOut: r[8], fsRead: r[9], fsWrite: r[10],
        ipcSent: r[11], ipcReceived: r[12], signalsCount: r[13], voluntaryContextSwitches: r[14], involuntaryContextSwitches: r[15],
      };
    },
    // https://nodejs.org/api/process.html#processgetbuiltinmoduleid: a
    // built-in module by its id (with or without `node:`; those only reached
    // with the scheme need it), or undefined for an id that names none.
    getBuiltinModule(id) {
      if (typeof id !== 'string') throw invalidArgType('id', 'string', id);
      const name = id.startsWith('node:') ? id.slice(5) : id;
      if (!Object.hasOwn(builtins, name) || (schemeOnly.has(name) && name === id)) return undefined;
      return requireBuiltin(name);
    },
    // https://nodejs.org/api/process.html#processkillpid-signal
    kill(pid, sig) {
      if (pid != (pid | 0)) throw invalidArgType('pid', 'number', pid);
      const signals = requireBuiltin('os').constants.signals;
      let err;
      if (sig === (sig | 0)) err = host.cpKill(pid, sig);
      else {
        sig = sig || 'SIGTERM';
        if (signals[sig]) err = host.cpKill(pid, signals[sig]);
        else throw nodeError(TypeError, 'ERR_UNKNOWN_SIGNAL', `Unknown signal: ${sig}`);
      }
      if (err) throw requireBuiltin('child_process')._errnoException(err, 'kill');
      return true;
    },
    // ParseNodeOptionsEnvVar (src/node_options.cc): words split at spaces,
    // "…" quoting (with \ escapes) keeping spaces in one.
    splitNodeOptions(text) {
      const words = [];
      let word = null;
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (c === '"') {
          word = word ?? '';
          for (i++; i < text.length && text[i] !== '"'; i++) word += text[i] === '\\' && i + 1 < text.length ? text[++i] : text[i];
        } else if (c === ' ') {
          if (word !== null) words.push(word);
          word = null;
        } else {
          word = (word ?? '') + c;
        }
      }
      if (word !== null) words.push(word);
      return words;
    },
  };
})

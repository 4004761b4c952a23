// jsloop node glue: the `console` module and the global console.
//
// Written for jsloop from Node's documentation of the console
// (https://nodejs.org/api/console.html) and from what Node 24 prints
// (tests/node/console_methods_print_as_node_24.js records it). The
// inspector-only methods (profile, timeStamp, ...) exist and do nothing, as
// in Node without an inspector attached.
//
// internals: {
//   require(id)         — the built-in modules (util),
//   print(fd, text)     — writes `text` and a newline to fd 1 or 2,
//   now?()              — milliseconds for console.time (the loop's clock),
//   emitWarning?(text)  — process.emitWarning,
//   invalidArgValue?, outOfRange?, validateInteger? — Node's argument errors,
// }
// Returns the global console; `console.Console` makes more over streams.
(function (internals) {
  'use strict';
  internals = internals || {};
  // util is loaded on first need: a console that prints only strings
  // never needs it.
  let utilCache = null;
  const util = () => utilCache || (utilCache = internals.require('util'));
  const helpers = () => util()[Symbol.for('jsloop.node.util.internal')];
  const now = typeof internals.now === 'function' ? internals.now
    : (typeof performance === 'object' ? () => performance.now() : () => Date.now());
  const warn = (text) => (typeof internals.emitWarning === 'function' ? internals.emitWarning(text) : helpers().emitWarning(text));
  const typeError = (code, message) => helpers().nodeError(TypeError, code, message);

  // What a start does not run (console.table's tables, console.timeEnd's
  // durations, a new Console's streams and options): node/console_more.js,
  // read when first needed.
  let more = null;
  const consoleMore = () => (more ??= internals.host.glue('node/console_more.js')({ internals, util, helpers, typeError }));

  // ================================================================ Console
  // Each console's state: where its lines go, its groups, counters and
  // timers.
  const states = new WeakMap();
  const stateOf = (console) => {
    const state = states.get(console);
    if (state === undefined) throw new TypeError('Illegal invocation');
    return state;
  };

  // `out` and `err` are destinations: `write(line)` takes a line without
  // its newline, `colors()` says whether values written there get colours.
  class ConsoleState {
    constructor(out, err, options) {
      this.out = out;
      this.err = err;
      this.groupIndentation = options.groupIndentation;
      this.inspectOptions = options.inspectOptions;
      this.colorMode = options.colorMode;
      this.indent = '';
      this.counts = new Map();
      this.timers = new Map();
    }

    // The options util.format gets for a stream: the console's
    // inspectOptions, or colours decided by colorMode.
    optionsFor(target) {
      if (this.inspectOptions !== undefined) return this.inspectOptions;
      const colors = this.colorMode === 'auto' ? target.colors() : this.colorMode;
      return colors ? { colors: true } : {};
    }

    format(target, args) {
      // Only strings, the first without a %: util.format would only join them.
      if (args.every((arg) => typeof arg === 'string') && (args.length === 0 || !args[0].includes('%'))) {
        return args.join(' ');
      }
      return util().formatWithOptions(this.optionsFor(target), ...args);
    }

    // Writes one entry, every line of it indented by the open groups.
    write(target, text) {
      if (this.indent !== '') text = this.indent + text.replace(/\n/g, `\n${this.indent}`);
      target.write(text);
    }
  }

  // https://nodejs.org/api/console.html#new-consoleoptions
  // new Console(options) or new Console(stdout[, stderr[, ignoreErrors]]);
  // callable without new.
  function Console(options, stderr, ignoreErrors) {
    if (!new.target) return new Console(options, stderr, ignoreErrors);
    if (!options || typeof options.write === 'function') options = { stdout: options, stderr, ignoreErrors };
    const out = options.stdout;
    const err = options.stderr === undefined ? out : options.stderr;
    for (const [name, stream] of [['stdout', out], ['stderr', err]]) {
      if (!stream || typeof stream.write !== 'function') {
        throw typeError('ERR_CONSOLE_WRITABLE_STREAM', `Console expects a writable stream instance for ${name}`);
      }
    }
    const ignore = options.ignoreErrors === undefined ? true : !!options.ignoreErrors;
    states.set(this, new ConsoleState(consoleMore().streamTarget(out, ignore), consoleMore().streamTarget(err, ignore), consoleMore().checkOptions(options)));
    // Every method is the instance's own, bound to it (so they can be
    // passed around, as console.log often is).
    bindMethods(this, this, Console.prototype, methodNames);
  }

  // For each name: `source[name].bind(receiver)`, named `name`, becomes
  // target's own enumerable, writable, configurable property (a C function,
  // node/startup.rs, where the host has it).
  const bindMethods = internals.host && typeof internals.host.bindMethods === 'function' ? internals.host.bindMethods : (target, receiver, source, names) => {
    for (const name of names) {
      const bound = source[name].bind(receiver);
      Object.defineProperty(bound, 'name', { value: name });
      Object.defineProperty(target, name, { value: bound, writable: true, enumerable: true, configurable: true });
    }
  };

  const methods = {
    // https://nodejs.org/api/console.html#consolelogdata-args
    log(...args) {
      const state = stateOf(this);
      state.write(state.out, state.format(state.out, args));
    },
    info(...args) {
      Reflect.apply(this.log, this, args);
    },
    debug(...args) {
      Reflect.apply(this.log, this, args);
    },
    // https://nodejs.org/api/console.html#consolewarndata-args
    warn(...args) {
      const state = stateOf(this);
      state.write(state.err, state.format(state.err, args));
    },
    error(...args) {
      Reflect.apply(this.warn, this, args);
    },
    // https://nodejs.org/api/console.html#consoledirobj-options
    // Custom inspect functions are not called.
    dir(object, options) {
      const state = stateOf(this);
      const text = util().inspect(object, { customInspect: false, ...state.optionsFor(state.out), ...options });
      state.write(state.out, text);
    },
    // https://nodejs.org/api/console.html#consoletimelabel
    time(label = 'default') {
      const state = stateOf(this);
      label = `${label}`;
      if (state.timers.has(label)) {
        warn(`Label '${label}' already exists for console.time()`);
        return;
      }
      state.timers.set(label, now());
    },
    timeEnd(label = 'default') {
      label = `${label}`;
      if (printElapsed(this, 'timeEnd', label, [])) stateOf(this).timers.delete(label);
    },
    timeLog(label = 'default', ...data) {
      printElapsed(this, 'timeLog', `${label}`, data);
    },
    // https://nodejs.org/api/console.html#consoletracemessage-args
    // `Trace: message` and the stack where it was called, to stderr.
    trace: function trace(...args) {
      const state = stateOf(this);
      const message = state.format(state.err, args);
      const holder = {};
      if (typeof Error.captureStackTrace === 'function') Error.captureStackTrace(holder, trace);
      let frames = typeof holder.stack === 'string' ? holder.stack : new Error().stack || '';
      frames = String(frames).split('\n').filter((line) => /^\s+at /.test(line)).join('\n');
      const head = message === '' ? 'Trace' : `Trace: ${message}`;
      this.error(frames === '' ? head : `${head}\n${frames}`);
    },
    // https://nodejs.org/api/console.html#consoleassertvalue-message
    assert(value, ...message) {
      if (value) return;
      if (typeof message[0] === 'string') message[0] = `Assertion failed: ${message[0]}`;
      else message.unshift('Assertion failed');
      Reflect.apply(this.warn, this, message);
    },
    // https://nodejs.org/api/console.html#consoleclear
    // Only a terminal is cleared: the cursor to the top left, then the
    // screen below it erased.
    clear() {
      const { stream } = stateOf(this).out;
      if (stream && stream.isTTY) stream.write('\u001b[1;1H\u001b[0J');
    },
    // https://nodejs.org/api/console.html#consolecountlabel
    count(label = 'default') {
      const state = stateOf(this);
      label = `${label}`;
      const count = (state.counts.get(label) || 0) + 1;
      state.counts.set(label, count);
      this.log(`${label}: ${count}`);
    },
    countReset(label = 'default') {
      const state = stateOf(this);
      label = `${label}`;
      if (!state.counts.has(label)) {
        warn(`Count for '${label}' does not exist`);
        return;
      }
      state.counts.delete(label);
    },
    // https://nodejs.org/api/console.html#consolegrouplabel
    group(...label) {
      if (label.length > 0) Reflect.apply(this.log, this, label);
      const state = stateOf(this);
      state.indent += ' '.repeat(state.groupIndentation);
    },
    groupEnd() {
      const state = stateOf(this);
      state.indent = state.indent.slice(0, Math.max(0, state.indent.length - state.groupIndentation));
    },
    table(tabularData, properties) {
      if (properties !== undefined && !Array.isArray(properties)) {
        throw helpers().errInvalidArgType('properties', 'Array', properties);
      }
      if (tabularData === null || typeof tabularData !== 'object') return this.log(tabularData);
      const state = stateOf(this);
      this.log(consoleMore().tableOf(state, tabularData, properties));
      return undefined;
    },
    dirxml(...data) {
      Reflect.apply(this.log, this, data);
    },
    groupCollapsed(...label) {
      Reflect.apply(this.group, this, label);
    },
  };
  const methodNames = Object.keys(methods);
  for (const name of methodNames) {
    Object.defineProperty(Console.prototype, name, { value: methods[name], writable: true, enumerable: false, configurable: true });
  }

  // timeEnd / timeLog: `label: duration` and the data; false when the
  // label was never started.
  function printElapsed(console, method, label, data) {
    const state = stateOf(console);
    const start = state.timers.get(label);
    if (start === undefined) {
      warn(`No such label '${label}' for console.${method}()`);
      return false;
    }
    console.log('%s: %s', label, consoleMore().describeDuration(now() - start), ...data);
    return true;
  }

  // ================================================================ the global console
  // Not a Console instance (its prototype is an empty object), with the
  // same methods as own, bound, enumerable properties, then Console and
  // the inspector's methods.
  const print = typeof internals.print === 'function' ? internals.print : () => {};
  const globalConsole = { __proto__: {} };
  states.set(globalConsole, new ConsoleState(
    { write: (text) => print(1, text), colors: () => false },
    { write: (text) => print(2, text), colors: () => false },
    { groupIndentation: 2, colorMode: 'auto', inspectOptions: undefined },
  ));
  bindMethods(globalConsole, globalConsole, Console.prototype, methodNames);
  const doNothing = { profile() {}, profileEnd() {}, timeStamp() {}, context() {} };
  Object.defineProperty(globalConsole, 'Console', { value: Console, writable: true, enumerable: true, configurable: true });
  for (const name of Object.keys(doNothing)) {
    Object.defineProperty(globalConsole, name, { value: doNothing[name], writable: true, enumerable: true, configurable: true });
  }
  // https://nodejs.org/api/console.html (console.createTask): a task whose
  // run(fn) calls fn; only an inspector would see the task.
  Object.defineProperty(globalConsole, 'createTask', {
    value: function createTask(name) {
      if (typeof name !== 'string') throw helpers().errInvalidArgType('name', 'string', name);
      return { run: (fn) => fn() };
    },
    writable: true,
    enumerable: true,
    configurable: true,
  });
  // The console namespace's @@toStringTag, as Node's lib/internal/console/constructor.js sets it.
  Object.defineProperty(globalConsole, Symbol.toStringTag, { value: 'console', writable: false, enumerable: false, configurable: true });
  return globalConsole;
})

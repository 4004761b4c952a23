// jsloop glue 00: Date on the loop's clock, and errors' messages and stacks
// as V8 writes them (the console is 01_console.js's, or Node's in the node
// host). Evaluated once per realm; `host` is the object of host functions.
(function (host, g) {
  'use strict';
  // Date.now() and new Date() follow the loop's clock (virtual or real), in
  // both hosts.
  if (typeof host.dateNow === 'function') {
    const RealDate = Date;
    const JsloopDate = function Date(...args) {
      if (!new.target) return new RealDate(host.dateNow()).toString();
      return Reflect.construct(RealDate, args.length === 0 ? [host.dateNow()] : args, new.target);
    };
    Object.setPrototypeOf(JsloopDate, RealDate);
    JsloopDate.prototype = RealDate.prototype;
    Object.defineProperty(RealDate.prototype, 'constructor', { value: JsloopDate, writable: true, configurable: true });
    // (The node host's `dateNowFn` is a native function named `now`, as
    // Node's Date.now is.)
    const now = typeof host.dateNowFn === 'function' ? host.dateNowFn : () => host.dateNow();
    for (const [k, v] of Object.entries({ now, parse: RealDate.parse, UTC: RealDate.UTC })) {
      Object.defineProperty(JsloopDate, k, { value: v, writable: true, configurable: true, enumerable: false });
    }
    Object.defineProperty(g, 'Date', { value: JsloopDate, writable: true, configurable: true, enumerable: false });
  }
  // The engine's error messages in V8's words (V8's message-template.h:
  // kCalledNonCallable "% is not a function", kNotConstructor, kNonObject-
  // PropertyLoadWithProperty, kNonObjectPropertyStoreWithProperty,
  // kAccessedUninitializedVariable, kInvalidArrayLength): the text users
  // search for. QuickJS's API has one place to change an error as it is
  // made, Error.prepareStackTrace (called by build_backtrace with the error
  // and its call sites); the stack it returns is QuickJS's own format,
  // line for line. The callee of "not a function" is read back from the
  // source at the call site's position, as V8's CallPrinter prints it.
  let rename = null;
  if (typeof host.sourceLine === 'function' && typeof host.glue === 'function') {
    const V8_WORDS = [
      [/^cannot read property '(.*)' of (undefined|null)$/s, (m) => `Cannot read properties of ${m[2]} (reading '${m[1]}')`],
      [/^cannot set property '(.*)' of (undefined|null)$/s, (m) => `Cannot set properties of ${m[2]} (setting '${m[1]}')`],
      [/^(.+) is not initialized$/s, (m) => `Cannot access '${m[1]}' before initialization`],
      [/^invalid array length$/, () => 'Invalid array length'],
    ];
    // The callee's and the deleted property's words (00_error_words.js),
    // read when such an error is first made.
    let calleeWords = null;
    rename = (error, sites) => {
      const message = error.message;
      if (typeof message !== 'string' || !(error instanceof Error)) return;
      let words = null;
      if (message === 'not a function' || message === 'not a constructor' || message === 'could not delete property') {
        words = (calleeWords ??= host.glue('00_error_words.js')(host, g))(message, sites);
      } else {
        for (const [pattern, say] of V8_WORDS) {
          const m = pattern.exec(message);
          if (m) {
            words = say(m);
            break;
          }
        }
      }
      if (words !== null) {
        Object.defineProperty(error, 'message', { value: words, writable: true, configurable: true, enumerable: false });
      }
    };
  }
  // Error stacks as V8 keeps them (https://v8.dev/docs/stack-trace-api):
  // the frames are captured when an error is made, and `stack` is written
  // when it is first read: `Name: message`, then `    at …` per frame, or
  // what `Error.prepareStackTrace(error, callSites)` returns if the program
  // set one. QuickJS calls one function at capture time with the error and
  // its call sites (build_backtrace, through the context's
  // prepareStackTrace slot, which only the engine's own accessor reaches):
  // `capture` keeps the sites and gives the error an own `stack` accessor,
  // as V8 does. jsloop's own glue frames (`jsloop:glue/…`), and the engine's
  // functions the glue called, are left out, as V8 leaves out nothing the
  // program did not call. Error.stackTraceLimit counts the frames shown.
  const ErrorCtor = Error;
  const prepareSlot = Object.getOwnPropertyDescriptor(ErrorCtor, 'prepareStackTrace');
  const limitSlot = Object.getOwnPropertyDescriptor(ErrorCtor, 'stackTraceLimit');
  const captureNative = ErrorCtor.captureStackTrace;
  if (prepareSlot && prepareSlot.set && limitSlot && limitSlot.set && typeof captureNative === 'function') {
    const GLUE_FILE = 'jsloop:glue/';
    // Frames captured beyond the limit, for the glue's frames left out.
    const GLUE_SLACK = 16;
    const records = new WeakMap();
    const moduleWrappers = new WeakSet();
    // Files run as CommonJS modules: their text starts on the wrapper's
    // line, so columns on their first line count the wrapper's too
    // (host.moduleWrapperColumns of them).
    const wrappedFiles = new Set();
    const wrapperColumns = typeof host.moduleWrapperColumns === 'number' ? host.moduleWrapperColumns : 0;
    // A CommonJS module's wrapper function (node/module.js): V8 calls its
    // frame `Object.<anonymous>` (Node calls it with `this` set to
    // module.exports, lib/internal/modules/cjs/loader.js).
    host.stackModuleWrapper = (fn, filename) => {
      if (typeof fn === 'function') moduleWrappers.add(fn);
      if (typeof filename === 'string') wrappedFiles.add(filename);
    };
    // The engine's own functions as V8 names them in a frame
    // (`Array.forEach`, `JSON.parse`): found once, when first needed.
    let builtinNames = null;
    const builtinName = (fn) => {
      if (builtinNames === null) {
        builtinNames = new Map();
        const owners = [['Array', Array.prototype], ['Object', Object], ['Array', Array], ['JSON', JSON],
          ['Reflect', Reflect], ['Promise', Promise], ['String', String.prototype], ['Map', Map.prototype],
          ['Set', Set.prototype], ['Function', Function.prototype], ['Math', Math], ['RegExp', RegExp.prototype],
          ['Object', Object.prototype], ['Promise', Promise.prototype], ['Number', Number.prototype]];
        for (const [owner, o] of owners) {
          for (const key of Object.getOwnPropertyNames(o)) {
            const d = Object.getOwnPropertyDescriptor(o, key);
            if (d && typeof d.value === 'function' && key !== 'constructor' && !builtinNames.has(d.value)) {
              builtinNames.set(d.value, `${owner}.${key}`);
            }
          }
        }
      }
      return builtinNames.get(fn);
    };
    // V8's CallSite (its methods as https://v8.dev/docs/stack-trace-api
    // lists them), over the engine's call site.
    class CallSite {
      #fn; #name; #file; #line; #column; #native; #isNew; #wrapper;
      constructor(site) {
        this.#fn = site.getFunction();
        this.#native = site.isNative();
        this.#isNew = site.isConstructor();
        this.#wrapper = moduleWrappers.has(this.#fn);
        this.#name = this.#wrapper ? null : site.getFunctionName();
        if (this.#native) {
          const qualified = builtinName(this.#fn);
          if (qualified && !this.#isNew) this.#name = qualified;
        }
        this.#file = this.#native ? undefined : site.getFileName() ?? undefined;
        this.#line = site.getLineNumber();
        this.#column = site.getColumnNumber();
        if (this.#line === 1 && this.#column > wrapperColumns && wrappedFiles.has(this.#file)) {
          this.#column -= wrapperColumns;
        }
      }
      getThis() { return undefined; }
      getTypeName() { return this.#wrapper ? 'Object' : null; }
      getFunction() { return this.#fn ?? undefined; }
      getFunctionName() { return this.#name || null; }
      getMethodName() { return null; }
      getFileName() { return this.#file; }
      getLineNumber() { return this.#native ? null : this.#line; }
      getColumnNumber() { return this.#native ? null : this.#column; }
      getEvalOrigin() { return undefined; }
      getScriptNameOrSourceURL() { return this.#file; }
      getScriptHash() { return ''; }
      getEnclosingColumnNumber() { return null; }
      getEnclosingLineNumber() { return null; }
      getPosition() { return 0; }
      getPromiseIndex() { return null; }
      isToplevel() { return !this.#wrapper; }
      isEval() { return false; }
      isNative() { return false; }
      isConstructor() { return this.#isNew; }
      isAsync() { return false; }
      isPromiseAll() { return false; }
      // V8's SerializeJSStackFrame (src/objects/call-site-info.cc).
      toString() {
        let where;
        if (this.#native) where = '<anonymous>';
        else {
          where = this.#file === undefined ? '<anonymous>' : String(this.#file);
          if (this.#line !== null && this.#line !== undefined && this.#line >= 0) {
            where += `:${this.#line}`;
            if (this.#column !== null && this.#column !== undefined && this.#column >= 0) where += `:${this.#column}`;
          }
        }
        let head;
        if (this.#wrapper) head = `Object.${this.#name || '<anonymous>'}`;
        else if (this.#isNew) head = `new ${this.#name || '<anonymous>'}`;
        else if (this.#name) head = this.#name;
        else return where;
        return `${head} (${where})`;
      }
    }
    // The engine functions that call another and have no frame of their
    // own in V8's stacks (Function.prototype.call and apply, Reflect.apply
    // and construct, a bound function).
    const FRAMELESS = new Set([Function.prototype.call, Function.prototype.apply, Reflect.apply, Reflect.construct]);
    // A host function in place of a glue method (its fallback is the glue's
    // method: browser/port_post.rs) has no frame of its own either.
    host.stackFrameless = (fn) => { FRAMELESS.add(fn); };
    // Nor do the browser host's C getters and setters of the accessors the
    // glue makes by the hundred at start (browser/startup.rs).
    const isAccessorFunction = host.isAccessorFunction;
    const frameless = (site) => {
      const fn = site.getFunction();
      if (FRAMELESS.has(fn)) return true;
      if (isAccessorFunction !== undefined && isAccessorFunction(fn)) return true;
      const name = site.getFunctionName();
      return typeof name === 'string' && name.startsWith('bound ');
    };
    // The program's frames among the engine's: the glue's left out, and an
    // engine function the glue called (a module's `call`, a listener's
    // `Reflect.apply`).
    const programSites = (sites, limit) => {
      const out = [];
      for (let i = 0; i < sites.length && out.length < limit; i++) {
        const site = sites[i];
        if (site.isNative()) {
          const outer = sites[i + 1];
          if (outer === undefined ? sites.length >= limit + GLUE_SLACK : isGlue(outer)) continue;
          if (frameless(site)) continue;
        } else if (isGlue(site)) continue;
        out.push(new CallSite(site));
      }
      return out;
    };
    const isGlue = (site) => {
      const file = site.getFileName();
      return typeof file === 'string' && file.startsWith(GLUE_FILE);
    };
    // ErrorUtils::ToString, as the first line of a stack.
    const headline = (error) => {
      try {
        const name = error.name === undefined ? 'Error' : String(error.name);
        const message = error.message === undefined ? '' : String(error.message);
        if (name === '') return message;
        if (message === '') return name;
        return `${name}: ${message}`;
      } catch (_) {
        return '<error>';
      }
    };
    // Node's ErrorPrepareStackTrace (lib/internal/errors.js,
    // defaultPrepareStackTrace): the headline, then a frame a line.
    const ErrorPrepareStackTrace = function ErrorPrepareStackTrace(error, trace) {
      const head = headline(error);
      if (!Array.isArray(trace) || trace.length === 0) return head;
      return `${head}\n    at ${trace.join('\n    at ')}`;
    };
    // (While the program's prepareStackTrace runs, the stacks of errors it
    // reads are written the default way, as V8's formatting_stack_trace.)
    let preparing = false;
    const format = (error, record) => {
      record.done = true;
      const sites = record.sites;
      record.sites = null;
      if (sites === null) return;
      const prepare = ErrorCtor.prepareStackTrace;
      if (typeof prepare !== 'function' || prepare === ErrorPrepareStackTrace || preparing) {
        record.value = ErrorPrepareStackTrace(error, sites);
        return;
      }
      preparing = true;
      try {
        record.value = prepare(error, sites);
      } catch (e) {
        record.done = false;
        record.sites = sites;
        throw e;
      } finally {
        preparing = false;
      }
    };
    const stackGetter = function () {
      const record = records.get(this);
      if (record === undefined) return undefined;
      if (!record.done) format(this, record);
      return record.value;
    };
    const stackSetter = function (value) {
      const record = records.get(this);
      if (record === undefined) {
        Object.defineProperty(this, 'stack', { value, writable: true, configurable: true, enumerable: false });
        return;
      }
      record.done = true;
      record.sites = null;
      record.value = value;
    };
    const ownStack = { get: stackGetter, set: stackSetter, enumerable: false, configurable: true };
    let limit = 10;
    // The engine calls `capture` for a new error, for Error.captureStackTrace
    // (then `capturing` is set), and as an exception unwinds while its
    // context's last backtrace is unset (for any value thrown): only the
    // first two make a stack, and only an error not yet given one. What it
    // returns becomes that last backtrace (undefined would have it called
    // again at every frame the exception leaves).
    let capturing = false;
    // The engine's own call sites, the glue's frames included, for the
    // trace's call stacks (quickjs/mod.rs, call_sites): not for programs.
    let engineSitesWanted = false;
    const isError = typeof ErrorCtor.isError === 'function' ? ErrorCtor.isError : (v) => v instanceof ErrorCtor;
    const capture = function (error, sites) {
      if (!capturing && (!isError(error) || records.has(error))) return true;
      if (rename !== null) {
        try {
          rename(error, sites);
        } catch (_) {
          // A message left as QuickJS wrote it.
        }
      }
      // A limit that is not a number captures no stack (V8's
      // Isolate::CaptureSimpleStackTrace reads Error.stackTraceLimit).
      // A new error's stack starts above its constructors (a subclass's
      // `new Custom` frame): V8 skips the frames until new.target's
      // (Isolate::CaptureSimpleStackTrace, SKIP_UNTIL_SEEN).
      let first = 0;
      if (!capturing) {
        while (first < sites.length && sites[first].isConstructor()) {
          const fn = sites[first].getFunction();
          if (typeof fn !== 'function' || !fn.prototype || !Object.prototype.isPrototypeOf.call(fn.prototype, error)) break;
          first++;
        }
        if (first > 0) sites = sites.slice(first);
      }
      const record = {
        sites: typeof limit === 'number' ? programSites(sites, Math.max(0, limit)) : null,
        done: false,
        value: undefined,
        engineSites: engineSitesWanted ? sites : undefined,
      };
      records.set(error, record);
      try {
        Object.defineProperty(error, 'stack', ownStack);
      } catch (_) {
        // A frozen object keeps what it had.
      }
      return true;
    };
    prepareSlot.set.call(ErrorCtor, capture);
    limitSlot.set.call(ErrorCtor, limit + GLUE_SLACK);
    Object.defineProperty(ErrorCtor, 'stackTraceLimit', {
      get() { return limit; },
      set(value) {
        limit = value;
        const n = typeof value === 'number' && value > 0 ? Math.min(value, 1e6) + GLUE_SLACK : 0;
        limitSlot.set.call(ErrorCtor, n);
      },
      enumerable: true,
      configurable: true,
    });
    // Error.captureStackTrace(object[, constructorOpt]) gives `object` an
    // own `stack` of the frames above constructorOpt's (the engine's own
    // captureStackTrace would make it a data property of `capture`'s result).
    Object.defineProperty(ErrorCtor, 'captureStackTrace', {
      value: function captureStackTrace(object, constructorOpt) {
        capturing = true;
        try {
          captureNative(object, constructorOpt);
        } finally {
          capturing = false;
        }
        if (records.has(object)) Object.defineProperty(object, 'stack', ownStack);
      },
      writable: true,
      configurable: true,
      enumerable: false,
    });
    // The engine's call sites now (as many as it keeps), whatever the
    // program set Error.stackTraceLimit to.
    const engineCallSites = function engineCallSites() {
      engineSitesWanted = true;
      limitSlot.set.call(ErrorCtor, Infinity);
      let made;
      try {
        made = new ErrorCtor('');
      } finally {
        engineSitesWanted = false;
        limitSlot.set.call(ErrorCtor, typeof limit === 'number' && limit > 0 ? Math.min(limit, 1e6) + GLUE_SLACK : 0);
      }
      const record = records.get(made);
      return record === undefined ? [] : record.engineSites;
    };
    // For the trace's call stacks (quickjs/mod.rs, call_sites): the
    // engine's call sites, the glue's frames included.
    Object.defineProperty(ErrorCtor, Symbol.for('jsloop.engineCallSites'), {
      value: engineCallSites,
      writable: false,
      configurable: false,
      enumerable: false,
    });
    // For util.getCallSites (node/util.js): the program's frames (V8's call
    // sites) above the caller's caller, at most `count`, engine functions
    // left out.
    Object.defineProperty(ErrorCtor, Symbol.for('jsloop.programCallSites'), {
      value: function programCallSites(count) {
        const engine = engineCallSites().filter((site) => !site.isNative());
        // (This function's and its caller's frames are the glue's.)
        return programSites(engine, count);
      },
      writable: false,
      configurable: false,
      enumerable: false,
    });
    // One error made now: the first error a context makes, and the first
    // capture, allocate what the engine and `capture` make once; an
    // out-of-memory error made with the heap full must not need that (it
    // would be null: JS_ThrowError2).
    void new ErrorCtor('').stack;
    // Node's Error.prepareStackTrace is its default formatter; a browser
    // has none.
    if (host.nodeStacks === true) {
      Object.defineProperty(ErrorCtor, 'prepareStackTrace', { value: ErrorPrepareStackTrace, writable: true, configurable: true, enumerable: false });
    } else {
      delete ErrorCtor.prepareStackTrace;
    }
  }

  // What the text console (01_console.js) reads of the engine's own
  // objects, as they were before any program ran: the node host makes that
  // console only when host.inspect is first used.
  return {
    isArray: Array.isArray,
    objectToString: Object.prototype.toString,
    TypedArray: Object.getPrototypeOf(Uint8Array),
  };
})

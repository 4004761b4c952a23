// jsloop glue: `node:test` (https://nodejs.org/api/test.html) for a file run
// directly (`jsloop file.js`): test(), describe()/it()/suite(), hooks,
// subtests, skip/todo, mock.fn()/mock.method()/mock.timers, and the spec reporter's
// lines. Tests run one at a time in the order they were declared; the
// first starts in a microtask queued from a nextTick after the first
// declaration, so the main script, its nextTicks and its microtasks come
// first (as in Node 24); a test's report lines are written on a nextTick
// after it ends. Suites' bodies run when declared. The summary is
// printed at 'beforeExit', which then sets process.exitCode to 1 if any
// test failed.
(function (internals) {
  'use strict';
  const process = internals.global.process;
  const assert = internals.require('assert');
  const { inspect } = internals.require('util');
  const now = () => internals.now();
  const write = (line) => process.stdout.write(line + '\n');
  const { invalidArgType, invalidArgValue, nodeError } = internals;

  // ---------------------------------------------------------------- mocks
  // https://nodejs.org/api/test.html#class-mocktracker
  class MockFunctionContext {
    #calls = [];
    #impl;
    #once = new Map();
    #restore;
    constructor(impl, restore) {
      this.#impl = impl;
      this.#restore = restore;
    }
    get calls() { return this.#calls.slice(); }
    callCount() { return this.#calls.length; }
    mockImplementation(impl) { this.#impl = impl; }
    mockImplementationOnce(impl, onCall) { this.#once.set(onCall === undefined ? this.#calls.length : onCall, impl); }
    resetCalls() { this.#calls = []; }
    restore() { if (this.#restore) this.#restore(); }
    _record(call) { this.#calls.push(call); }
    _implFor(n) {
      if (this.#once.has(n)) {
        const impl = this.#once.get(n);
        this.#once.delete(n);
        return impl;
      }
      return this.#impl;
    }
  }
  function makeMock(original, impl, restore) {
    const ctx = new MockFunctionContext(impl === undefined ? original : impl, restore);
    const mocked = function (...args) {
      const fn = ctx._implFor(ctx.callCount());
      const call = { arguments: args, error: undefined, result: undefined, stack: new Error(), target: new.target, this: this };
      try {
        call.result = new.target ? Reflect.construct(fn, args, new.target) : fn === undefined ? undefined : fn.apply(this, args);
      } catch (e) {
        call.error = e;
        ctx._record(call);
        throw e;
      }
      ctx._record(call);
      return call.result;
    };
    Object.defineProperty(mocked, 'mock', { value: ctx, enumerable: false, configurable: false });
    Object.defineProperty(mocked, 'name', { value: original ? original.name : 'mocked', configurable: true });
    Object.defineProperty(mocked, 'length', { value: original ? original.length : 0, configurable: true });
    return mocked;
  }
  // https://nodejs.org/api/test.html#class-mocktimers (Node's
  // lib/internal/test_runner/mock/mock_timers.js): the timer functions
  // (global and node:timers') and Date replaced by ones on a clock that
  // moves only by tick(): a queue ordered by due time, then creation.
  const kApis = ['setInterval', 'setTimeout', 'setImmediate', 'Date'];
  const invalidState = (message) => nodeError(Error, 'ERR_INVALID_STATE', `Invalid state: ${message}`);
  class MockTimers {
    #enabled = false;
    #now = 0;
    #nextId = 1;
    #queue = [];
    #restore = [];
    #assertEnabled() {
      if (!this.#enabled) throw invalidState('You should enable MockTimers first by calling the .enable function');
    }
    #insert(timer) {
      let i = this.#queue.length;
      while (i > 0 && (this.#queue[i - 1].runAt > timer.runAt || (this.#queue[i - 1].runAt === timer.runAt && this.#queue[i - 1].id > timer.id))) i--;
      this.#queue.splice(i, 0, timer);
    }
    #create(interval, callback, delay, args) {
      const timer = { id: this.#nextId++, callback, args, runAt: this.#now + (delay ?? 0), interval: interval ? delay : undefined, refed: true };
      const handle = {
        ref() { timer.refed = true; return handle; },
        unref() { timer.refed = false; return handle; },
        hasRef() { return timer.refed; },
        refresh: () => {
          this.#clear(handle);
          timer.runAt = this.#now + (delay ?? 0);
          this.#insert(timer);
          return handle;
        },
      };
      Object.defineProperty(handle, '_timer', { value: timer });
      this.#insert(timer);
      return handle;
    }
    #clear(handle) {
      const i = handle && handle._timer ? this.#queue.indexOf(handle._timer) : -1;
      if (i >= 0) this.#queue.splice(i, 1);
    }
    enable(options = { __proto__: null }) {
      if (this.#enabled) throw invalidState('MockTimers is already enabled!');
      const apis = options.apis ?? kApis;
      for (const api of apis) if (!kApis.includes(api)) throw invalidArgValue('options.apis', api, `option ${api} is not supported`);
      const start = options.now ?? 0;
      this.#now = start instanceof Date ? start.getTime() : start;
      this.#enabled = true;
      const global = internals.global;
      const timers = internals.require('timers');
      const replace = (target, name, value) => {
        const had = Object.getOwnPropertyDescriptor(target, name);
        this.#restore.push(() => (had ? Object.defineProperty(target, name, had) : delete target[name]));
        Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: had ? had.enumerable : false });
      };
      const clear = (handle) => this.#clear(handle);
      const fns = {
        setTimeout: [(callback, delay, ...args) => this.#create(false, callback, delay, args), 'clearTimeout'],
        setInterval: [(callback, delay, ...args) => this.#create(true, callback, delay, args), 'clearInterval'],
        setImmediate: [(callback, ...args) => this.#create(false, callback, 0, args), 'clearImmediate'],
      };
      for (const api of apis) {
        if (api === 'Date') {
          const RealDate = global.Date;
          const clock = () => this.#now;
          const MockDate = function Date(...args) {
            if (!new.target) return new RealDate(clock()).toString();
            return Reflect.construct(RealDate, args.length ? args : [clock()], new.target);
          };
          Object.setPrototypeOf(MockDate, RealDate);
          MockDate.prototype = RealDate.prototype;
          MockDate.now = () => clock();
          replace(global, 'Date', MockDate);
          continue;
        }
        const [fn, clearName] = fns[api];
        replace(global, api, fn);
        replace(global, clearName, clear);
        replace(timers, api, fn);
        replace(timers, clearName, clear);
      }
    }
    setTime(milliseconds) {
      this.#assertEnabled();
      this.#now = milliseconds;
    }
    tick(time = 1) {
      this.#assertEnabled();
      if (time < 0) throw invalidArgValue('time', 'positive integer', time);
      this.#now += time;
      let timer = this.#queue[0];
      while (timer && timer.runAt <= this.#now) {
        Reflect.apply(timer.callback, undefined, timer.args);
        // (Unless the callback cleared it.)
        if (this.#queue[0] === timer) this.#queue.shift();
        if (timer.interval !== undefined) {
          timer.runAt += timer.interval;
          this.#insert(timer);
        }
        timer = this.#queue[0];
      }
    }
    runAll() {
      this.#assertEnabled();
      const last = this.#queue[this.#queue.length - 1];
      if (last) this.tick(last.runAt - this.#now);
    }
    reset() {
      if (!this.#enabled) return;
      this.#enabled = false;
      this.#queue = [];
      for (const undo of this.#restore.reverse()) undo();
      this.#restore = [];
    }
    [Symbol.dispose]() { this.reset(); }
  }
  class MockTracker {
    #mocks = [];
    #timers;
    get timers() { return (this.#timers ??= new MockTimers()); }
    fn(original = function () {}, implementation = original, options = {}) {
      if (original !== null && typeof original === 'object') { options = original; original = function () {}; implementation = original; }
      if (implementation !== null && typeof implementation === 'object') { options = implementation; implementation = original; }
      if (typeof original !== 'function') throw invalidArgType('original', 'Function', original);
      const m = makeMock(original, implementation);
      this.#mocks.push(m.mock);
      if (options && options.times) {
        // After `times` calls the original comes back.
        const ctx = m.mock;
        for (let i = 0; i < options.times; i++) ctx.mockImplementationOnce(implementation, i);
        ctx.mockImplementation(original);
      }
      return m;
    }
    method(object, methodName, implementation, options = {}) {
      if (implementation !== null && typeof implementation === 'object' && typeof implementation !== 'function') { options = implementation; implementation = undefined; }
      if (object === null || (typeof object !== 'object' && typeof object !== 'function')) throw invalidArgType('object', 'object', object);
      let owner = object;
      let descriptor;
      while (owner !== null && !(descriptor = Object.getOwnPropertyDescriptor(owner, methodName))) owner = Object.getPrototypeOf(owner);
      if (!descriptor) throw invalidArgType('methodName', 'function', undefined);
      const key = options.getter ? 'get' : options.setter ? 'set' : 'value';
      const original = descriptor[key];
      if (typeof original !== 'function') throw invalidArgType('methodName', 'function', original);
      const restore = () => {
        if (owner === object) Object.defineProperty(object, methodName, descriptor);
        else delete object[methodName];
      };
      const m = makeMock(original, implementation === undefined ? original : implementation, restore);
      Object.defineProperty(object, methodName, { ...descriptor, [key]: m });
      this.#mocks.push(m.mock);
      return m;
    }
    getter(object, methodName, implementation, options = {}) { return this.method(object, methodName, implementation, { ...options, getter: true }); }
    setter(object, methodName, implementation, options = {}) { return this.method(object, methodName, implementation, { ...options, setter: true }); }
    reset() { this.restoreAll(); this.#timers?.reset(); this.#mocks = []; }
    restoreAll() { for (const m of this.#mocks) m.restore(); }
  }

  // Where the program declared a test (Node's test.js getCallerLocation):
  // the first call site outside the glue, as [file, line, column].
  function callerLocation() {
    const prepare = Error.prepareStackTrace;
    let sites;
    try {
      Error.prepareStackTrace = (_, callSites) => callSites;
      sites = new Error().stack;
    } finally {
      Error.prepareStackTrace = prepare;
    }
    if (!Array.isArray(sites)) return null;
    for (const site of sites) {
      const file = site.getFileName();
      if (!file || site.isNative() || file.startsWith('jsloop:')) continue;
      return [file, site.getLineNumber(), site.getColumnNumber()];
    }
    return null;
  }

  // ---------------------------------------------------------------- tests
  const stats = { tests: 0, suites: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
  const failures = [];
  const started = now();

  function normalize(name, options, fn) {
    if (typeof name === 'function') { fn = name; options = {}; name = fn.name || '<anonymous>'; } else if (name !== null && typeof name === 'object') { fn = options; options = name; name = fn && fn.name ? fn.name : '<anonymous>'; }
    if (typeof options === 'function') { fn = options; options = {}; }
    if (options === undefined || options === null) options = {};
    if (name === undefined) name = '<anonymous>';
    if (fn === undefined) fn = () => {};
    if (typeof fn !== 'function') throw invalidArgType('fn', 'function', fn);
    return { name: String(name), options, fn };
  }

  class TestContext {
    #test;
    constructor(test) { this.#test = test; }
    get name() { return this.#test.name; }
    get fullName() { return this.#test.fullName; }
    get signal() { return this.#test.controller.signal; }
    get mock() { return this.#test.mock || (this.#test.mock = new MockTracker()); }
    get assert() { return assert; }
    get filePath() { return process.argv[1]; }
    diagnostic(message) { this.#test.diagnostics.push(String(message)); }
    skip(message) { this.#test.skipped = message === undefined ? true : message; }
    todo(message) { this.#test.todo = message === undefined ? true : message; }
    plan(count) { this.#test.plan = count; }
    runOnly() {}
    test(name, options, fn) { return this.#test.subtest(normalize(name, options, fn), false); }
    before(fn) { this.#test.hooks.before.push(fn); }
    after(fn) { this.#test.hooks.after.push(fn); }
    beforeEach(fn) { this.#test.hooks.beforeEach.push(fn); }
    afterEach(fn) { this.#test.hooks.afterEach.push(fn); }
  }
  class SuiteContext {
    #test;
    constructor(test) { this.#test = test; }
    get name() { return this.#test.name; }
    get fullName() { return this.#test.fullName; }
    get signal() { return this.#test.controller.signal; }
    get filePath() { return process.argv[1]; }
  }

  class Test {
    constructor({ name, options, fn }, parent, isSuite) {
      this.name = name;
      this.options = options;
      this.fn = fn;
      this.parent = parent;
      this.isSuite = isSuite;
      this.children = [];
      this.queue = [];
      this.running = null;
      this.hooks = { before: [], after: [], beforeEach: [], afterEach: [] };
      this.diagnostics = [];
      this.skipped = options.skip ? options.skip : false;
      this.todo = options.todo ? options.todo : false;
      this.error = null;
      this.passed = false;
      this.duration = 0;
      this.controller = new AbortController();
      this.depth = parent ? parent.depth + 1 : -1;
      this.fullName = parent && parent.depth >= 0 ? `${parent.fullName} > ${name}` : name;
      this.location = parent ? callerLocation() : null;
    }
    // A subtest (or suite) of this one, queued; it runs when the ones
    // before it are done.
    subtest(spec, isSuite) {
      const t = new Test(spec, this, isSuite);
      this.children.push(t);
      if (isSuite) t.declare();
      const done = new Promise((resolve) => { t.resolve = resolve; });
      this.queue.push(t);
      this.pump();
      return done;
    }
    pump() {
      if (this.running || this.queue.length === 0 || (this.depth >= 0 && !this.started)) return;
      if (this === root && !rootStarted) return;
      const next = this.queue.shift();
      this.running = next.run().then(() => {
        this.running = null;
        next.resolve();
        // (Node's reporter is a stream: its lines come after the microtasks.)
        if (this === root) process.nextTick(report, next);
        this.pump();
      });
    }
    // A suite's body runs when it is declared, with it() and describe()
    // inside it declaring its children.
    declare() {
      const saved = currentSuite;
      currentSuite = this;
      try {
        const r = this.fn.call(new SuiteContext(this), new SuiteContext(this));
        if (r && typeof r.then === 'function') this.declaring = r;
      } catch (e) {
        this.error = e;
      } finally {
        currentSuite = saved;
      }
    }
    // Hooks are awaited one by one; with none, nothing is awaited (a
    // subtest's body runs within t.test(), as in Node).
    runHooks(kind, ctx) {
      const hooks = this.hooks[kind];
      if (hooks.length === 0) return null;
      return (async () => { for (const hook of hooks) await hook.call(ctx, ctx); })();
    }
    eachHooks(kind, ctx) {
      const chain = [];
      for (let p = this.parent; p; p = p.parent) chain.unshift(p);
      if (kind === 'afterEach') chain.reverse();
      const hooks = chain.flatMap((p) => p.hooks[kind]);
      if (hooks.length === 0) return null;
      return (async () => { for (const hook of hooks) await hook.call(ctx, ctx); })();
    }
    async run() {
      const start = now();
      this.started = true;
      if (this.isSuite) stats.suites++;
      else stats.tests++;
      if (this.skipped) {
        stats.skipped++;
        this.passed = true;
        this.duration = now() - start;
        return;
      }
      const ctx = this.isSuite ? new SuiteContext(this) : new TestContext(this);
      try {
        if (this.declaring) await this.declaring;
        if (this.error) throw this.error;
        let pending = this.isSuite ? this.runHooks('before', ctx) : this.eachHooks('beforeEach', ctx);
        if (pending) await pending;
        if (!this.isSuite) {
          pending = this.runHooks('before', ctx);
          if (pending) await pending;
          if (this.fn.length >= 2) {
            await new Promise((resolve, reject) => {
              let called = false;
              const r = this.fn.call(ctx, ctx, (err) => {
                if (called) return;
                called = true;
                if (err) reject(err);
                else resolve();
              });
              if (r && typeof r.then === 'function') reject(new Error('passed a callback but also returned a Promise'));
            });
          } else {
            const r = this.fn.call(ctx, ctx);
            if (r && typeof r.then === 'function') await r;
          }
        }
        // The subtests run after the body, in order.
        this.pump();
        while (this.running || this.queue.length) {
          await this.running;
          this.pump();
        }
        if (this.children.some((c) => !c.passed && !c.todo)) throw new Error(`${this.children.filter((c) => !c.passed && !c.todo).length} subtest${this.children.filter((c) => !c.passed && !c.todo).length > 1 ? 's' : ''} failed`);
        pending = this.runHooks('after', ctx);
        if (pending) await pending;
        pending = this.isSuite ? null : this.eachHooks('afterEach', ctx);
        if (pending) await pending;
        this.passed = true;
      } catch (e) {
        this.error = e;
        this.passed = false;
      } finally {
        if (this.mock) this.mock.reset();
      }
      this.duration = now() - start;
      if (this.isSuite) {
        if (!this.passed && this.error && !/subtests? failed$/.test(this.error.message)) stats.fail++;
        return;
      }
      if (this.todo) stats.todo++;
      else if (this.skipped) stats.skipped++;
      else if (this.passed) stats.pass++;
      else stats.fail++;
      if (!this.passed && !/subtests? failed$/.test(String(this.error && this.error.message))) failures.push(this);
    }
  }

  // ---------------------------------------------------------------- spec reporter
  const ms = (d) => `(${Number(d).toFixed(6).replace(/\.?0+$/, '') || '0'}ms)`;
  function line(t) {
    const indent = '  '.repeat(t.depth);
    const directive = t.skipped ? ` # ${t.skipped === true ? 'SKIP' : t.skipped}` : t.todo ? ` # ${t.todo === true ? 'TODO' : t.todo}` : '';
    // Node's formatTestReport (lib/internal/test_runner/reporter/utils.js):
    // a todo test is marked as it went, ⚠ only when it failed.
    const mark = t.skipped ? '﹣' : t.passed ? '✔' : t.todo ? '⚠' : '✖';
    return `${indent}${mark} ${t.name} ${ms(t.duration)}${directive}`;
  }
  function report(t) {
    const indent = '  '.repeat(t.depth);
    if (t.children.length) write(`${indent}▶ ${t.name}`);
    for (const c of t.children) report(c);
    write(line(t));
    for (const d of t.diagnostics) write(`${indent}ℹ ${d}`);
  }
  let summarized = false;
  function summary() {
    if (summarized) return;
    summarized = true;
    for (const [k, v] of Object.entries(stats)) write(`ℹ ${k} ${v}`);
    write(`ℹ duration_ms ${(now() - started).toFixed(6).replace(/\.?0+$/, '')}`);
    if (failures.length) {
      write('');
      write('✖ failing tests:');
      for (const t of failures) {
        write('');
        // Node's spec reporter: where the test was declared, relative to
        // the working directory.
        if (t.location) {
          const [file, line_, column] = t.location;
          write(`test at ${internals.require('path').relative(process.cwd(), file)}:${line_}:${column}`);
        }
        write(line(t).trimStart());
        // Node's formatError (lib/internal/test_runner/reporter/utils.js):
        // the error as util.inspect shows it, each line indented.
        write(`  ${inspect(t.error).split(/\r?\n/).join('\n  ')}`);
      }
    }
    if (stats.fail > 0) process.exitCode = 1;
  }

  // ---------------------------------------------------------------- the root
  const root = new Test({ name: '<root>', options: {}, fn: () => {} }, null, false);
  root.started = true;
  let rootStarted = false;
  let scheduled = false;
  let currentSuite = null;
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    process.nextTick(() => Promise.resolve().then(() => {
      rootStarted = true;
      root.pump();
    }));
    // (After the other 'beforeExit' listeners: Node's harness finishes the
    // root test asynchronously.)
    process.on('beforeExit', () => {
      if (root.running || root.queue.length) return;
      Promise.resolve().then(summary);
    });
  }
  function declare(spec, isSuite) {
    if (currentSuite) return currentSuite.subtest(spec, isSuite);
    schedule();
    return root.subtest(spec, isSuite);
  }
  function test(name, options, fn) { return declare(normalize(name, options, fn), false); }
  function suite(name, options, fn) { return declare(normalize(name, options, fn), true); }
  const hook = (kind) => (fn) => {
    const owner = currentSuite || root;
    owner.hooks[kind].push(fn);
  };
  const withModifier = (f, key) => (name, options, fn) => {
    const spec = normalize(name, options, fn);
    spec.options = { ...spec.options, [key]: true };
    return f(spec.name, spec.options, spec.fn);
  };
  for (const f of [test, suite]) {
    f.skip = withModifier(f, 'skip');
    f.todo = withModifier(f, 'todo');
    f.only = withModifier(f, 'only');
  }
  const mock = new MockTracker();
  const it = test;
  const describe = suite;
  const exported = test;
  Object.assign(exported, {
    test,
    it,
    describe,
    suite,
    before: hook('before'),
    after: hook('after'),
    beforeEach: hook('beforeEach'),
    afterEach: hook('afterEach'),
    mock,
    MockTracker,
  });
  return exported;
})

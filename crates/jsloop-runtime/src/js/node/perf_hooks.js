// jsloop node glue: the `perf_hooks` module and the node host's
// `performance` global (https://nodejs.org/api/perf_hooks.html), as Node 24's
// lib/perf_hooks.js and lib/internal/perf/ (performance.js,
// performance_entry.js, usertiming.js, observe.js, timerify.js) behave:
// the User Timing marks and measures (https://w3c.github.io/user-timing/)
// on the performance timeline, PerformanceObserver (its callbacks queued
// together on one setImmediate, as Node's queuePending does), and
// timerify ('function' entries). Times are the loop's clock
// (performance.now, host.now), virtual under --clock virtual.
// performance.eventLoopUtilization reads the loop's idle time in poll.
// performance.nodeTiming reads the session's milestones and the loop's
// metrics. Not here: monitorEventLoopDelay,
// createHistogram and resource timing (no entry of type 'resource',
// 'gc', 'http', 'dns' or 'net' is ever recorded).
// internals: { host (now, timeOrigin), global, require(id), nodeError,
// invalidArgType, invalidArgValue, validateFunction, validateNumber,
// eventTargets }
(function (internals) {
  'use strict';
  const { nodeError, invalidArgType, validateFunction, validateNumber } = internals;
  // The loop's high-resolution time (performance.now's raw function).
  const now = internals.host.now;
  const g = internals.global;
  const kInspect = Symbol.for('nodejs.util.inspect.custom');
  const inspect = (value, options) => internals.require('util').inspect(value, options);
  const { setImmediate } = internals.require('timers');
  const { EventTarget } = internals.eventTargets();
  const DOMException = g.DOMException;
  const structuredClone = g.structuredClone;

  const missingArgs = (name) => nodeError(TypeError, 'ERR_MISSING_ARGS', `The "${name}" argument must be specified`);
  const invalidThis = (type) => nodeError(TypeError, 'ERR_INVALID_THIS', `Value of "this" must be of type ${type}`);
  const illegalConstructor = () => nodeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
  const invalidTimestamp = (t) => nodeError(TypeError, 'ERR_PERFORMANCE_INVALID_TIMESTAMP', `${t} is not a valid timestamp`);
  const invalidMeasureOptions = (reason) => nodeError(TypeError, 'ERR_PERFORMANCE_MEASURE_INVALID_OPTIONS', reason);
  function validateObject(value, name) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalidArgType(name, 'object', value);
  }
  // Node's validateInternalField: `this` must carry the field.
  function validateField(object, field, type) {
    if (typeof object !== 'object' || object === null || !(field in object)) throw invalidThis(type);
  }
  // The "enumerable property" Node gives its Web IDL-like members
  // (ObjectDefineProperties with kEnumerableProperty).
  function enumerable(prototype, names) {
    for (const name of names) Object.defineProperty(prototype, name, { enumerable: true });
  }
  function toStringTag(prototype, tag) {
    Object.defineProperty(prototype, Symbol.toStringTag, { value: tag, configurable: true });
  }
  // What util.inspect shows of an entry, a list or an observer: its class
  // name and an object, one level deeper.
  function inspected(name, value, depth, options) {
    if (depth < 0) return undefined;
    return `${name} ${inspect(value, { ...options, depth: options.depth == null ? null : options.depth - 1 })}`;
  }

  // ------------------------------------------------------------ entries
  // https://w3c.github.io/performance-timeline/#the-performanceentry-interface
  // (lib/internal/perf/performance_entry.js)
  const kSkipThrow = Symbol('kSkipThrow');
  const kName = Symbol('PerformanceEntry.Name');
  const kEntryType = Symbol('PerformanceEntry.EntryType');
  const kStartTime = Symbol('PerformanceEntry.StartTime');
  const kDuration = Symbol('PerformanceEntry.Duration');
  const kDetail = Symbol('kDetail');
  class PerformanceEntry {
    constructor(skipThrowSymbol = undefined, name = undefined, type = undefined, start = undefined, duration = undefined) {
      if (skipThrowSymbol !== kSkipThrow) throw illegalConstructor();
      this[kName] = name;
      this[kEntryType] = type;
      this[kStartTime] = start;
      this[kDuration] = duration;
    }
    get name() { validateField(this, kName, 'PerformanceEntry'); return this[kName]; }
    get entryType() { validateField(this, kEntryType, 'PerformanceEntry'); return this[kEntryType]; }
    get startTime() { validateField(this, kStartTime, 'PerformanceEntry'); return this[kStartTime]; }
    get duration() { validateField(this, kDuration, 'PerformanceEntry'); return this[kDuration]; }
    [kInspect](depth, options) {
      return inspected(this.constructor.name, this.toJSON(), depth, options) ?? this;
    }
    toJSON() {
      validateField(this, kName, 'PerformanceEntry');
      return { name: this[kName], entryType: this[kEntryType], startTime: this[kStartTime], duration: this[kDuration] };
    }
  }
  enumerable(PerformanceEntry.prototype, ['name', 'entryType', 'startTime', 'duration', 'toJSON']);
  // An entry of Node's own with a detail (a 'function' entry: timerify's
  // arguments).
  class PerformanceNodeEntry extends PerformanceEntry {
    get detail() { validateField(this, kDetail, 'NodePerformanceEntry'); return this[kDetail]; }
    toJSON() {
      return { name: this.name, entryType: this.entryType, startTime: this.startTime, duration: this.duration, detail: this[kDetail] };
    }
  }
  function nodeEntry(name, type, start, duration, detail) {
    const entry = new PerformanceNodeEntry(kSkipThrow, name, type, start, duration);
    entry[kDetail] = detail;
    return entry;
  }

  // ------------------------------------------------------------ user timing
  // https://w3c.github.io/user-timing/ (lib/internal/perf/usertiming.js)
  const markTimings = new Map(); // mark name -> its latest startTime
  // The nodeTiming milestones a measure may name as marks, and no mark may
  // be named (usertiming.js's nodeTimingReadOnlyAttributes).
  const milestoneNames = new Set(['nodeStart', 'v8Start', 'environment', 'loopStart', 'loopExit', 'bootstrapComplete']);
  function detailOf(detail) {
    return detail != null ? structuredClone(detail) : null;
  }
  // https://w3c.github.io/user-timing/#the-performancemark-constructor
  class PerformanceMark extends PerformanceEntry {
    constructor(name, options = undefined) {
      if (arguments.length === 0) throw missingArgs('name');
      name = `${name}`;
      if (milestoneNames.has(name)) throw internals.invalidArgValue('name', name);
      if (options !== undefined) validateObject(options, 'options');
      const startTime = options?.startTime ?? now();
      validateNumber(startTime, 'startTime');
      if (startTime < 0) throw invalidTimestamp(startTime);
      markTimings.set(name, startTime);
      const detail = detailOf(options?.detail);
      super(kSkipThrow, name, 'mark', startTime, 0);
      this[kDetail] = detail;
    }
    get detail() { validateField(this, kDetail, 'PerformanceMark'); return this[kDetail]; }
    toJSON() {
      return { name: this.name, entryType: this.entryType, startTime: this.startTime, duration: this.duration, detail: this[kDetail] };
    }
  }
  enumerable(PerformanceMark.prototype, ['detail']);
  toStringTag(PerformanceMark.prototype, 'PerformanceMark');
  class PerformanceMeasure extends PerformanceEntry {
    constructor(skipThrowSymbol = undefined, name = undefined, type = undefined, start = undefined, duration = undefined) {
      if (skipThrowSymbol !== kSkipThrow) throw illegalConstructor();
      super(kSkipThrow, name, type, start, duration);
    }
    get detail() { validateField(this, kDetail, 'PerformanceMeasure'); return this[kDetail]; }
    toJSON() {
      return { name: this.name, entryType: this.entryType, startTime: this.startTime, duration: this.duration, detail: this[kDetail] };
    }
  }
  enumerable(PerformanceMeasure.prototype, ['detail']);
  toStringTag(PerformanceMeasure.prototype, 'PerformanceMeasure');

  // A mark's time: a number as it is (not negative), otherwise the latest
  // mark of that name.
  function markTime(name) {
    if (name === undefined) return undefined;
    if (typeof name === 'number') {
      if (name < 0) throw invalidTimestamp(name);
      return name;
    }
    name = `${name}`;
    if (milestoneNames.has(name)) return nodeTiming[name];
    const time = markTimings.get(name);
    if (time === undefined) throw new DOMException(`The "${name}" performance mark has not been set`, 'SyntaxError');
    return time;
  }
  // https://w3c.github.io/user-timing/#dom-performance-measure, steps 1-4:
  // the measure's start and duration from its start (a mark, a time or
  // measure options) and its end mark.
  function startAndDuration(startOrOptions, endMark) {
    if (startOrOptions === null) startOrOptions = undefined;
    let start;
    let end;
    let duration;
    const withOptions = typeof startOrOptions === 'object' && Object.keys(startOrOptions).length > 0;
    if (withOptions) {
      ({ start, end, duration } = startOrOptions);
      if (endMark !== undefined) throw invalidMeasureOptions('endMark must not be specified');
      if (start !== undefined && end !== undefined && duration !== undefined) {
        throw invalidMeasureOptions('Must not have options.start, options.end, and options.duration specified');
      }
    }
    if (endMark !== undefined) end = markTime(endMark);
    else if (withOptions && end !== undefined) end = markTime(end);
    else if (withOptions && start !== undefined && duration !== undefined) end = markTime(start) + markTime(duration);
    else end = now();
    if (typeof startOrOptions === 'string') start = markTime(startOrOptions);
    else if (withOptions && start !== undefined) start = markTime(start);
    else if (withOptions && duration !== undefined && end !== undefined) start = end - markTime(duration);
    else start = 0;
    return { start, duration: end - start };
  }

  // ------------------------------------------------------------ the timeline and its observers
  // (lib/internal/perf/observe.js) Marks and measures stay in their
  // buffers until cleared; every entry goes to the observers of its type.
  const kSupportedEntryTypes = Object.freeze(['dns', 'function', 'gc', 'http', 'http2', 'mark', 'measure', 'net', 'quic', 'resource']);
  let markBuffer = [];
  let measureBuffer = [];
  const resourceBuffer = [];
  const byStartTime = (a, b) => a.startTime - b.startTime;
  function entriesOf(name, type) {
    let list;
    if (type === 'mark') list = markBuffer;
    else if (type === 'measure') list = measureBuffer;
    else if (type === 'resource') list = resourceBuffer;
    else if (type !== undefined) return [];
    else list = markBuffer.concat(measureBuffer, resourceBuffer);
    list = name !== undefined ? list.filter((entry) => entry.name === name) : list.slice();
    return list.sort(byStartTime);
  }
  function clearEntries(type, name) {
    const keep = (list) => (name === undefined ? [] : list.filter((entry) => entry.name !== name));
    if (type === 'mark') markBuffer = keep(markBuffer);
    else measureBuffer = keep(measureBuffer);
  }

  const observers = new Set();
  const pending = new Set();
  let dispatchQueued = false;
  // Node's queuePending: one setImmediate delivers to every observer with
  // entries, in the order they first had some since the last delivery.
  function queueDispatch() {
    if (dispatchQueued) return;
    dispatchQueued = true;
    setImmediate(() => {
      dispatchQueued = false;
      const observersWithEntries = [...pending];
      pending.clear();
      for (const observer of observersWithEntries) observer[kDispatch]();
    });
  }
  function enqueue(entry) {
    for (const observer of observers) observer[kMaybeBuffer](entry);
    if (entry.entryType === 'mark') markBuffer.push(entry);
    else if (entry.entryType === 'measure') measureBuffer.push(entry);
  }

  const kBuffer = Symbol('kBuffer');
  const kMaybeBuffer = Symbol('kMaybeBuffer');
  const kDispatch = Symbol('kDispatch');
  const observerState = new WeakMap(); // observer -> { buffer, entryTypes, type, callback }
  const lists = new WeakMap(); // PerformanceObserverEntryList -> its entries
  function listOf(list) {
    const entries = lists.get(list);
    if (entries === undefined) throw invalidThis('PerformanceObserverEntryList');
    return entries;
  }
  class PerformanceObserverEntryList {
    constructor(skipThrowSymbol = undefined, entries = []) {
      if (skipThrowSymbol !== kSkipThrow) throw illegalConstructor();
      lists.set(this, entries.sort(byStartTime));
    }
    getEntries() { return listOf(this).slice(); }
    getEntriesByType(type) {
      if (arguments.length === 0) throw missingArgs('type');
      type = `${type}`;
      return listOf(this).filter((entry) => entry.entryType === type);
    }
    getEntriesByName(name, type = undefined) {
      if (arguments.length === 0) throw missingArgs('name');
      name = `${name}`;
      const entries = listOf(this);
      if (type != null) return entries.filter((entry) => entry.name === name && entry.entryType === type);
      return entries.filter((entry) => entry.name === name);
    }
    [kInspect](depth, options) {
      return inspected('PerformanceObserverEntryList', listOf(this), depth, options) ?? this;
    }
  }
  enumerable(PerformanceObserverEntryList.prototype, ['getEntries', 'getEntriesByType', 'getEntriesByName']);
  toStringTag(PerformanceObserverEntryList.prototype, 'PerformanceObserverEntryList');

  function stateOf(observer) {
    const state = observerState.get(observer);
    if (state === undefined) throw invalidThis('PerformanceObserver');
    return state;
  }
  const kTypeSingle = 0;
  const kTypeMultiple = 1;
  // https://w3c.github.io/performance-timeline/#the-performanceobserver-interface
  class PerformanceObserver {
    constructor(callback) {
      validateFunction(callback, 'callback');
      observerState.set(this, { buffer: [], entryTypes: new Set(), type: undefined, callback });
    }
    observe(options = {}) {
      const state = stateOf(this);
      validateObject(options, 'options');
      const { entryTypes, type, buffered } = { ...options };
      if (entryTypes === undefined && type === undefined) {
        throw nodeError(TypeError, 'ERR_MISSING_ARGS', 'The "options.entryTypes" and "options.type" arguments must be specified');
      }
      if (entryTypes != null && type != null) {
        throw internals.invalidArgValue('options.entryTypes', entryTypes, 'options.entryTypes can not set with options.type together');
      }
      if (state.type === undefined) {
        if (entryTypes !== undefined) state.type = kTypeMultiple;
        if (type !== undefined) state.type = kTypeSingle;
      } else if (state.type === kTypeSingle && entryTypes !== undefined) {
        throw new DOMException('PerformanceObserver can not change to multiple observations', 'InvalidModificationError');
      } else if (state.type === kTypeMultiple && type !== undefined) {
        throw new DOMException('PerformanceObserver can not change to single observation', 'InvalidModificationError');
      }
      if (state.type === kTypeMultiple) {
        if (!Array.isArray(entryTypes)) throw invalidArgType('options.entryTypes', 'string[]', entryTypes);
        state.entryTypes.clear();
        for (const entryType of entryTypes) {
          if (kSupportedEntryTypes.includes(entryType)) state.entryTypes.add(entryType);
        }
      } else {
        if (!kSupportedEntryTypes.includes(type)) return;
        state.entryTypes.add(type);
        if (buffered) {
          state.buffer.push(...entriesOf(undefined, type));
          pending.add(this);
          queueDispatch();
        }
      }
      if (state.entryTypes.size) observers.add(this);
      else this.disconnect();
    }
    disconnect() {
      const state = stateOf(this);
      observers.delete(this);
      pending.delete(this);
      state.buffer = [];
      state.entryTypes.clear();
      state.type = undefined;
    }
    takeRecords() {
      const state = stateOf(this);
      const list = state.buffer;
      state.buffer = [];
      return list;
    }
    static get supportedEntryTypes() {
      return kSupportedEntryTypes;
    }
    [kMaybeBuffer](entry) {
      const state = stateOf(this);
      if (!state.entryTypes.has(entry.entryType)) return;
      state.buffer.push(entry);
      pending.add(this);
      queueDispatch();
    }
    [kDispatch]() {
      const state = stateOf(this);
      state.callback(new PerformanceObserverEntryList(kSkipThrow, this.takeRecords()), this);
    }
    [kInspect](depth, options) {
      const state = stateOf(this);
      const shown = { connected: observers.has(this), pending: pending.has(this), entryTypes: [...state.entryTypes], buffer: state.buffer };
      return inspected('PerformanceObserver', shown, depth, options) ?? this;
    }
  }
  enumerable(PerformanceObserver.prototype, ['observe', 'disconnect', 'takeRecords']);
  toStringTag(PerformanceObserver.prototype, 'PerformanceObserver');

  // ------------------------------------------------------------ timerify
  // (lib/internal/perf/timerify.js) A function wrapped to record a
  // 'function' entry per call (its arguments as the detail and as the
  // entry's indexed properties); a promise it returns records on settling.
  function isConstructor(fn) {
    try {
      Reflect.construct(String, [], fn);
      return true;
    } catch {
      return false;
    }
  }
  function processComplete(name, start, args) {
    const entry = nodeEntry(name, 'function', start, now() - start, args);
    for (let n = 0; n < args.length; n++) entry[n] = args[n];
    enqueue(entry);
  }
  function timerify(fn, options = {}) {
    validateFunction(fn, 'fn');
    validateObject(options, 'options');
    const { histogram } = options;
    // (No RecordableHistogram exists here: createHistogram is not built.)
    if (histogram !== undefined) throw invalidArgType('options.histogram', 'RecordableHistogram', histogram);
    const constructor = isConstructor(fn);
    function timerified(...args) {
      const start = now();
      const result = new.target !== undefined ? Reflect.construct(fn, args, fn) : Reflect.apply(fn, this, args);
      if (!constructor && typeof result?.finally === 'function') {
        return result.finally(() => processComplete(fn.name, start, args));
      }
      processComplete(fn.name, start, args);
      return result;
    }
    Object.defineProperties(timerified, {
      length: { value: fn.length, enumerable: true },
      name: { value: `timerified ${fn.name}`, enumerable: true },
    });
    return timerified;
  }

  // ------------------------------------------------------------ eventLoopUtilization
  // (lib/internal/perf/event_loop_utilization.js) The loop's idle time is
  // its waits in poll (libuv's uv_metrics_idle_time, the core's
  // UvLoop::idle_time); active is the rest since the loop started. With one
  // earlier result, the difference since it; with two, their difference.
  // Before the loop starts (while the main module runs) all are 0. (Node
  // tests loopStart <= 0; under jsloop's virtual clock the loop can start
  // at 0, so "not started" is a negative loopStart.)
  function eventLoopUtilization(util1, util2) {
    const [loopStart, idleTime] = internals.host.loopMetrics();
    if (loopStart < 0) return { idle: 0, active: 0, utilization: 0 };
    if (util2) {
      const idle = util1.idle - util2.idle;
      const active = util1.active - util2.active;
      return { idle, active, utilization: active / (idle + active) };
    }
    const idle = idleTime;
    const active = now() - loopStart - idle;
    if (!util1) return { idle, active, utilization: active / (idle + active) };
    const idleDelta = idle - util1.idle;
    const activeDelta = active - util1.active;
    return { idle: idleDelta, active: activeDelta, utilization: activeDelta / (idleDelta + activeDelta) };
  }

  // ------------------------------------------------------------ nodeTiming
  // (lib/internal/perf/nodetiming.js) The one PerformanceNodeTiming: its
  // own properties, in Node's order, read the session's milestones when
  // read (ms since the time origin, -1 for one not reached: loopStart while
  // the main module runs, loopExit until the loop is done), the loop's idle
  // time in poll, and libuv's uv_metrics_info (the core's
  // UvLoop::metrics_info).
  class PerformanceNodeTiming {
    constructor() {
      const at = (i) => () => internals.host.nodeTiming()[i];
      const value = (v) => ({ __proto__: null, enumerable: true, configurable: true, value: v });
      const getter = (get) => ({ __proto__: null, enumerable: true, configurable: true, get });
      Object.defineProperties(this, {
        name: value('node'),
        entryType: value('node'),
        startTime: value(0),
        duration: getter(now),
        nodeStart: getter(at(0)),
        v8Start: getter(at(1)),
        environment: getter(at(2)),
        loopStart: getter(at(4)),
        loopExit: getter(at(5)),
        bootstrapComplete: getter(at(3)),
        idleTime: getter(at(6)),
        uvMetricsInfo: getter(() => {
          const m = internals.host.nodeTiming();
          return { loopCount: m[7], events: m[8], eventsWaiting: m[9] };
        }),
      });
    }
    [kInspect](depth, options) {
      if (depth < 0) return this;
      const opts = { ...options, depth: options.depth == null ? null : options.depth - 1 };
      return `PerformanceNodeTiming ${inspect(this.toJSON(), opts)}`;
    }
    toJSON() {
      return {
        name: 'node',
        entryType: 'node',
        startTime: this.startTime,
        duration: this.duration,
        nodeStart: this.nodeStart,
        v8Start: this.v8Start,
        bootstrapComplete: this.bootstrapComplete,
        environment: this.environment,
        loopStart: this.loopStart,
        loopExit: this.loopExit,
        idleTime: this.idleTime,
      };
    }
  }
  Object.setPrototypeOf(PerformanceNodeTiming.prototype, PerformanceEntry.prototype);
  const nodeTiming = new PerformanceNodeTiming();

  // ------------------------------------------------------------ Performance
  // (lib/internal/perf/performance.js) https://w3c.github.io/hr-time/#the-performance-interface
  const kPerformanceBrand = Symbol('performance');
  const timeOrigin = internals.host.timeOrigin;
  const brand = (self) => validateField(self, kPerformanceBrand, 'Performance');
  class Performance extends EventTarget {
    constructor() {
      throw illegalConstructor();
    }
    clearMarks(name = undefined) {
      brand(this);
      if (name !== undefined) {
        name = `${name}`;
        if (milestoneNames.has(name)) throw internals.invalidArgValue('name', name);
        markTimings.delete(name);
      } else markTimings.clear();
      clearEntries('mark', name);
    }
    clearMeasures(name = undefined) {
      brand(this);
      if (name !== undefined) name = `${name}`;
      clearEntries('measure', name);
    }
    clearResourceTimings(name = undefined) {
      brand(this);
      // (No resource timing entry is ever recorded here.)
      if (name !== undefined) name = `${name}`;
    }
    getEntries() {
      brand(this);
      return entriesOf();
    }
    getEntriesByName(name, type = undefined) {
      brand(this);
      if (arguments.length === 0) throw missingArgs('name');
      name = `${name}`;
      if (type !== undefined) type = `${type}`;
      return entriesOf(name, type);
    }
    getEntriesByType(type) {
      brand(this);
      if (arguments.length === 0) throw missingArgs('type');
      return entriesOf(undefined, `${type}`);
    }
    // https://w3c.github.io/user-timing/#dom-performance-mark
    mark(name, options = undefined) {
      brand(this);
      const entry = new PerformanceMark(...arguments);
      enqueue(entry);
      return entry;
    }
    // https://w3c.github.io/user-timing/#dom-performance-measure
    measure(name, startOrMeasureOptions = undefined, endMark = undefined) {
      brand(this);
      if (arguments.length === 0) throw missingArgs('name');
      const { start, duration } = startAndDuration(startOrMeasureOptions, endMark);
      const detail = detailOf(startOrMeasureOptions?.detail);
      const entry = new PerformanceMeasure(kSkipThrow, `${name}`, 'measure', start, duration);
      entry[kDetail] = detail;
      enqueue(entry);
      return entry;
    }
    now() {
      brand(this);
      return now();
    }
    setResourceTimingBufferSize(maxSize) {
      brand(this);
      if (arguments.length === 0) throw missingArgs('maxSize');
      validateNumber(maxSize, 'maxSize', 0);
    }
    get timeOrigin() {
      brand(this);
      return timeOrigin;
    }
    toJSON() {
      brand(this);
      return { nodeTiming: this.nodeTiming, timeOrigin: this.timeOrigin, eventLoopUtilization: this.eventLoopUtilization() };
    }
    [kInspect](depth, options) {
      return inspected('Performance', { nodeTiming: this.nodeTiming, timeOrigin: this.timeOrigin }, depth, options) ?? this;
    }
  }
  enumerable(Performance.prototype, ['clearMarks', 'clearMeasures', 'clearResourceTimings', 'getEntries',
    'getEntriesByName', 'getEntriesByType', 'mark', 'measure', 'now', 'setResourceTimingBufferSize', 'timeOrigin', 'toJSON']);
  for (const [name, value] of [['eventLoopUtilization', eventLoopUtilization], ['nodeTiming', nodeTiming], ['timerify', timerify]]) {
    Object.defineProperty(Performance.prototype, name, { value, writable: true, configurable: true });
  }
  toStringTag(Performance.prototype, 'Performance');
  // The one instance (Node's createPerformance): an EventTarget made with
  // Performance's prototype, branded.
  const performance = Reflect.construct(EventTarget, [], Performance);
  performance[kPerformanceBrand] = true;

  const constants = {
    NODE_PERFORMANCE_GC_MAJOR: 4,
    NODE_PERFORMANCE_GC_MINOR: 1,
    NODE_PERFORMANCE_GC_MINOR_MARK_SWEEP: 2,
    NODE_PERFORMANCE_GC_INCREMENTAL: 8,
    NODE_PERFORMANCE_GC_WEAKCB: 16,
    NODE_PERFORMANCE_GC_FLAGS_NO: 0,
    NODE_PERFORMANCE_GC_FLAGS_CONSTRUCT_RETAINED: 2,
    NODE_PERFORMANCE_GC_FLAGS_FORCED: 4,
    NODE_PERFORMANCE_GC_FLAGS_SYNCHRONOUS_PHANTOM_PROCESSING: 8,
    NODE_PERFORMANCE_GC_FLAGS_ALL_AVAILABLE_GARBAGE: 16,
    NODE_PERFORMANCE_GC_FLAGS_ALL_EXTERNAL_MEMORY: 32,
    NODE_PERFORMANCE_GC_FLAGS_SCHEDULE_IDLE: 64,
  };
  // The module's exports in Node 24's order (lib/perf_hooks.js), less what
  // is not built.
  return {
    Performance,
    PerformanceEntry,
    PerformanceMark,
    PerformanceMeasure,
    PerformanceObserver,
    PerformanceObserverEntryList,
    eventLoopUtilization,
    timerify,
    performance,
    constants,
  };
});

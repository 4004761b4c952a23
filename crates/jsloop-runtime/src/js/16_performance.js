// jsloop glue 16: the performance timeline and user timing, in a window
// and in a worker: PerformanceEntry, PerformanceMark, PerformanceMeasure,
// performance.mark/measure/clearMarks/clearMeasures and getEntries,
// getEntriesByType, getEntriesByName.
// https://w3c.github.io/performance-timeline/ and https://w3c.github.io/user-timing/
// Marks and measures are the only entry types jsloop records (no resource,
// navigation or paint timing).
(function (host, g, web) {
  'use strict';
  const { define, DOMException } = web;
  const performance = g.performance;
  const isWindow = !host.isWorker;

  // https://w3c.github.io/performance-timeline/#the-performanceentry-interface
  const entries = new WeakMap();
  let making = null;
  class PerformanceEntry {
    constructor() {
      if (making === null) throw new TypeError('Illegal constructor');
      entries.set(this, making);
    }
    get name() { return E(this).name; }
    get entryType() { return E(this).entryType; }
    get startTime() { return E(this).startTime; }
    get duration() { return E(this).duration; }
    toJSON() { return { name: this.name, entryType: this.entryType, startTime: this.startTime, duration: this.duration }; }
    get [Symbol.toStringTag]() { return 'PerformanceEntry'; }
  }
  function E(v) {
    const e = entries.get(v);
    if (e === undefined) throw new TypeError('Illegal invocation');
    return e;
  }
  // https://w3c.github.io/user-timing/#performancemark
  class PerformanceMark extends PerformanceEntry {
    // https://w3c.github.io/user-timing/#dom-performancemark-constructor
    constructor(markName, markOptions = undefined) {
      if (making !== null) { super(); return; }
      if (arguments.length < 1) throw new TypeError("Failed to construct 'PerformanceMark': 1 argument required, but only 0 present.");
      const name = String(markName);
      // Step 1. If the current global object is a Window object and markName
      // uses the same name as a read only attribute in the PerformanceTiming
      // interface, throw a SyntaxError.
      if (isWindow && TIMING_NAMES.includes(name)) {
        throw new DOMException(`Failed to construct 'PerformanceMark': '${name}' is part of the PerformanceTiming interface, and cannot be used as a mark name.`, 'SyntaxError');
      }
      const options = markOptions ?? {};
      // Step 4-5. startTime: markOptions's startTime if present (negative: a
      // TypeError), else the current high resolution time.
      let startTime;
      if (options.startTime !== undefined) {
        startTime = Number(options.startTime);
        if (!Number.isFinite(startTime)) throw new TypeError("Failed to construct 'PerformanceMark': The provided double value is non-finite.");
        if (startTime < 0) throw new TypeError(`Failed to construct 'PerformanceMark': '${name}' cannot have a negative start time.`);
      } else {
        startTime = host.now();
      }
      // Step 7-8. detail: a structured clone of markOptions's detail, or null.
      const detail = options.detail === undefined || options.detail === null ? null : g.structuredClone(options.detail);
      making = { name, entryType: 'mark', startTime, duration: 0, detail };
      try { super(); } finally { making = null; }
    }
    get detail() { return E(this).detail; }
    get [Symbol.toStringTag]() { return 'PerformanceMark'; }
  }
  // https://w3c.github.io/user-timing/#performancemeasure
  class PerformanceMeasure extends PerformanceEntry {
    constructor() {
      if (making === null) throw new TypeError('Illegal constructor');
      super();
    }
    get detail() { return E(this).detail; }
    get [Symbol.toStringTag]() { return 'PerformanceMeasure'; }
  }
  // The read-only attributes of PerformanceTiming (Navigation Timing L1).
  const TIMING_NAMES = ['navigationStart', 'unloadEventStart', 'unloadEventEnd', 'redirectStart', 'redirectEnd', 'fetchStart',
    'domainLookupStart', 'domainLookupEnd', 'connectStart', 'connectEnd', 'secureConnectionStart', 'requestStart',
    'responseStart', 'responseEnd', 'domLoading', 'domInteractive', 'domContentLoadedEventStart',
    'domContentLoadedEventEnd', 'domComplete', 'loadEventStart', 'loadEventEnd'];

  // https://w3c.github.io/performance-timeline/#performance-entry-buffer:
  // marks and measures, in the order they were added.
  let buffer = [];
  // https://w3c.github.io/performance-timeline/#filter-buffer-map-by-name-and-type
  function filter(name, type) {
    // Step 3-4. Entries of the type (and name, if given), sorted
    // chronologically by startTime (stable: the order they were added).
    return buffer
      .filter((e) => (type === undefined || E(e).entryType === type) && (name === undefined || E(e).name === name))
      .map((e, i) => [e, i])
      .sort(([a, i], [b, j]) => E(a).startTime - E(b).startTime || i - j)
      .map(([e]) => e);
  }
  // https://w3c.github.io/user-timing/#dfn-convert-a-mark-to-a-timestamp
  function markToTimestamp(mark, method) {
    // Step 1. If mark is a DOMString and it has the same name as a read only
    // attribute in the PerformanceTiming interface: (no PerformanceTiming in
    // jsloop) a window has no such times, so it is a SyntaxError below.
    if (typeof mark === 'string') {
      // Step 2. Otherwise, if mark is a DOMString, let end time be the value
      // of the startTime attribute of the most recent PerformanceMark with
      // that name; if none, throw a SyntaxError.
      const marks = buffer.filter((e) => E(e).entryType === 'mark' && E(e).name === mark);
      if (marks.length === 0) throw new DOMException(`Failed to execute '${method}' on 'Performance': The mark '${mark}' does not exist.`, 'SyntaxError');
      return E(marks[marks.length - 1]).startTime;
    }
    // Step 3. Otherwise, if mark is a DOMHighResTimeStamp: negative is a TypeError.
    const t = Number(mark);
    if (t < 0) throw new TypeError(`Failed to execute '${method}' on 'Performance': '${t}' cannot be negative.`);
    return t;
  }
  const markArg = (v) => (typeof v === 'number' ? v : String(v));

  define(Object.getPrototypeOf(performance), {
    // https://w3c.github.io/performance-timeline/#dom-performance-getentries
    getEntries() { return filter(undefined, undefined); },
    // https://w3c.github.io/performance-timeline/#dom-performance-getentriesbytype
    getEntriesByType(type) {
      if (arguments.length < 1) throw new TypeError("Failed to execute 'getEntriesByType' on 'Performance': 1 argument required, but only 0 present.");
      return filter(undefined, String(type));
    },
    // https://w3c.github.io/performance-timeline/#dom-performance-getentriesbyname
    getEntriesByName(name, type = undefined) {
      if (arguments.length < 1) throw new TypeError("Failed to execute 'getEntriesByName' on 'Performance': 1 argument required, but only 0 present.");
      return filter(String(name), type === undefined ? undefined : String(type));
    },
    // https://w3c.github.io/user-timing/#dom-performance-mark
    mark(markName, markOptions = undefined) {
      if (arguments.length < 1) throw new TypeError("Failed to execute 'mark' on 'Performance': 1 argument required, but only 0 present.");
      // Step 1. Run the PerformanceMark constructor and let entry be the newly created object.
      const entry = new PerformanceMark(markName, markOptions);
      // Step 2-3. Queue entry; add it to the performance entry buffer.
      buffer.push(entry);
      // Step 4. Return entry.
      return entry;
    },
    // https://w3c.github.io/user-timing/#dom-performance-clearmarks
    clearMarks(markName = undefined) {
      // Step 1-2. Remove the marks named markName, or all marks.
      buffer = buffer.filter((e) => E(e).entryType !== 'mark' || (markName !== undefined && E(e).name !== String(markName)));
    },
    // https://w3c.github.io/user-timing/#dom-performance-measure
    measure(measureName, startOrMeasureOptions = undefined, endMark = undefined) {
      if (arguments.length < 1) throw new TypeError("Failed to execute 'measure' on 'Performance': 1 argument required, but only 0 present.");
      const name = String(measureName);
      const options = startOrMeasureOptions !== null && typeof startOrMeasureOptions === 'object' ? startOrMeasureOptions : null;
      const has = (k) => options !== null && options[k] !== undefined;
      // Step 1. If startOrMeasureOptions is a PerformanceMeasureOptions
      // object and at least one of start, end, duration, and detail exist:
      if (options !== null && (has('start') || has('end') || has('duration') || has('detail'))) {
        // Step 1.1. If endMark is given, throw a TypeError.
        if (endMark !== undefined) throw new TypeError("Failed to execute 'measure' on 'Performance': If a non-empty PerformanceMeasureOptions object was passed, |end_mark| must not be passed.");
        // Step 1.2. If neither start nor end exists, throw a TypeError.
        if (!has('start') && !has('end')) throw new TypeError("Failed to execute 'measure' on 'Performance': If a non-empty PerformanceMeasureOptions object was passed, at least one of its 'start' or 'end' properties must be present.");
        // Step 1.3. If start, duration, and end all exist, throw a TypeError.
        if (has('start') && has('duration') && has('end')) throw new TypeError("Failed to execute 'measure' on 'Performance': If a non-empty PerformanceMeasureOptions object was passed, it must not have all of its 'start', 'duration', and 'end' properties defined");
      }
      // Step 2. Compute end time.
      let end;
      if (endMark !== undefined) end = markToTimestamp(markArg(endMark), 'measure');
      else if (has('end')) end = markToTimestamp(markArg(options.end), 'measure');
      else if (has('start') && has('duration')) end = markToTimestamp(markArg(options.start), 'measure') + markToTimestamp(Number(options.duration), 'measure');
      else end = host.now();
      // Step 3. Compute start time.
      let start;
      if (has('start')) start = markToTimestamp(markArg(options.start), 'measure');
      else if (has('duration') && has('end')) start = end - markToTimestamp(Number(options.duration), 'measure');
      else if (startOrMeasureOptions !== undefined && options === null) start = markToTimestamp(String(startOrMeasureOptions), 'measure');
      else start = 0;
      // Step 4-9. A new PerformanceMeasure: name, "measure", start time,
      // duration end - start, detail a structured clone of options's detail or null.
      const detail = has('detail') && options.detail !== null ? g.structuredClone(options.detail) : null;
      making = { name, entryType: 'measure', startTime: start, duration: end - start, detail };
      let entry;
      try { entry = new PerformanceMeasure(); } finally { making = null; }
      // Step 10-11. Queue entry; add it to the performance entry buffer.
      buffer.push(entry);
      // Step 12. Return entry.
      return entry;
    },
    // https://w3c.github.io/user-timing/#dom-performance-clearmeasures
    clearMeasures(measureName = undefined) {
      buffer = buffer.filter((e) => E(e).entryType !== 'measure' || (measureName !== undefined && E(e).name !== String(measureName)));
    },
  });
  define(g, { PerformanceEntry, PerformanceMark, PerformanceMeasure });
  // [Replaceable] readonly attribute Performance performance
  // (https://w3c.github.io/hr-time/#the-performance-attribute).
  web.replaceable('performance', function performance_() { return performance; });
  Object.defineProperty(Object.getOwnPropertyDescriptor(g, 'performance').get, 'name', { value: 'get performance' });
})

// node tests/node/perf_hooks_marks_measures_and_observers_as_node_24.js > tests/node/perf_hooks_marks_measures_and_observers_as_node_24.out (recorded with Node 24)
// perf_hooks: marks and measures on the timeline (their times, details,
// order and errors), the classes' shapes, and PerformanceObserver's
// callbacks, which Node delivers together on one setImmediate.
const { performance, Performance, PerformanceEntry, PerformanceMark, PerformanceMeasure, PerformanceObserver, PerformanceObserverEntryList } = require('perf_hooks');
const util = require('util');
const oneLine = (v) => util.inspect(v).replace(/\n\s*/g, ' ');
function shape(o) {
  return Reflect.ownKeys(o).map((k) => {
    const x = Object.getOwnPropertyDescriptor(o, k);
    const v = 'value' in x ? (typeof x.value === 'function' ? 'fn' : typeof x.value === 'object' && x.value !== null ? 'object' : JSON.stringify(x.value)) : 'get' + (x.set ? 'set' : '');
    return `${String(k)}:${v}:${x.enumerable ? 'e' : ''}${x.configurable ? 'c' : ''}${x.writable ? 'w' : ''}`;
  }).join(' ');
}
const error = (f) => { try { f(); return 'no error'; } catch (e) { return `${e.name} ${e.code} ${e.message}`; } };

console.log(globalThis.performance === performance, globalThis.PerformanceMark === PerformanceMark, Object.getPrototypeOf(performance) === Performance.prototype);
console.log(performance instanceof EventTarget, Object.prototype.toString.call(performance), typeof performance.timeOrigin, performance.now() >= 0);
for (const C of [PerformanceEntry, PerformanceMark, PerformanceMeasure, PerformanceObserver, PerformanceObserverEntryList]) {
  console.log(C.name, C.length, Object.getPrototypeOf(C).name, '|', shape(C), '|', shape(C.prototype));
}
console.log(PerformanceObserver.supportedEntryTypes.includes('mark'), Object.isFrozen(PerformanceObserver.supportedEntryTypes));

// Marks and measures.
const a = performance.mark('a', { detail: { x: 1 }, startTime: 5 });
console.log(oneLine(a), a instanceof PerformanceEntry, JSON.stringify(a), Object.keys(a), Object.prototype.toString.call(a));
console.log(shape(a));
performance.mark('b', { startTime: 9 });
console.log(oneLine(performance.measure('ab', 'a', 'b')));
console.log(oneLine(performance.measure('numbers', { start: 1, end: 4, detail: 'd' })));
console.log(oneLine(performance.measure('duration', { start: 'a', duration: 2 })));
console.log(oneLine(performance.measure('end and duration', { end: 'b', duration: 3 })));
const toNow = performance.measure('to now', 'a');
console.log(toNow.startTime, typeof toNow.duration, toNow.detail);
console.log(performance.getEntries().map((e) => `${e.entryType}:${e.name}@${e.startTime}`).filter((s) => !s.includes('to now')));
console.log(performance.getEntriesByName('ab').length, performance.getEntriesByName('a', 'measure').length, performance.getEntriesByType('mark').map((e) => e.name));
const mark2 = performance.mark('a', { startTime: 7 });
console.log(performance.measure('latest a', 'a', 'b').duration, mark2.detail);

// Errors.
console.log(error(() => performance.mark()));
console.log(error(() => performance.measure()));
console.log(error(() => performance.measure('x', 'nope')));
console.log(error(() => performance.measure('x', 'a', 'nope')));
console.log(error(() => performance.measure('x', -1)));
console.log(error(() => performance.mark('n', { startTime: -1 })));
console.log(error(() => performance.mark('n', 5)));
console.log(error(() => performance.mark('n', { startTime: '5' })));
console.log(error(() => performance.mark('n', { detail: () => 1 })));
console.log(error(() => performance.measure('x', { start: 1, end: 2, duration: 1 })));
console.log(error(() => performance.measure('x', { start: 'a' }, 'b')));
console.log(error(() => new PerformanceEntry()));
console.log(error(() => new PerformanceMeasure()));
console.log(error(() => new Performance()));
console.log(error(() => performance.mark.call({}, 'x')));
console.log(error(() => performance.getEntriesByName()));
console.log(error(() => performance.getEntriesByType()));
console.log(error(() => Object.getOwnPropertyDescriptor(PerformanceEntry.prototype, 'name').get.call({})));
console.log(error(() => PerformanceMark.prototype.detail));

// Clearing.
performance.clearMarks('a');
console.log(performance.getEntriesByType('mark').map((e) => e.name), error(() => performance.measure('x', 'a')));
performance.clearMeasures('ab');
console.log(performance.getEntriesByType('measure').map((e) => e.name));
performance.clearMarks();
performance.clearMeasures();
console.log(performance.getEntries().length, oneLine(new PerformanceMark('solo', { startTime: 1 })), performance.getEntries().length);

// Observers: entries reach each observer of their type, delivered on one
// setImmediate after those queued before them.
const obs = new PerformanceObserver((list, observer) => {
  console.log('observer', list.getEntries().map((e) => `${e.entryType}:${e.name}`), observer === obs, list instanceof PerformanceObserverEntryList);
  console.log(oneLine(list.getEntriesByType('mark')), list.getEntriesByName('one').length);
});
obs.observe({ entryTypes: ['mark', 'measure', 'not a type'] });
setImmediate(() => console.log('immediate before'));
performance.mark('one', { startTime: 20 });
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise'));
performance.mark('two', { startTime: 10 });
performance.measure('one-two', 'one', 'two');
setImmediate(() => {
  console.log('immediate after');
  performance.mark('three', { startTime: 30 });
  setImmediate(() => {
    console.log('next immediate');
    obs.disconnect();
    performance.mark('four', { startTime: 40 });
  });
});
console.log(oneLine(obs));
const single = new PerformanceObserver((list) => console.log('single', list.getEntries().map((e) => e.name)));
single.observe({ type: 'mark' });
console.log(error(() => single.observe({ entryTypes: ['mark'] })));
single.observe({ type: 'measure' });
const buffered = new PerformanceObserver((list) => console.log('buffered', list.getEntries().map((e) => e.name)));
buffered.observe({ type: 'mark', buffered: true });
console.log(single.takeRecords().map((e) => e.name));
console.log(error(() => new PerformanceObserver()));
console.log(error(() => obs.observe()));
console.log(error(() => obs.observe({ entryTypes: 'mark' })));
console.log(error(() => obs.observe({ entryTypes: ['mark'], type: 'mark' })));
console.log(error(() => obs.observe({ type: 'mark' })));
const unknown = new PerformanceObserver(() => console.log('never'));
unknown.observe({ type: 'not a type' });
console.log(oneLine(unknown));

// timerify: a 'function' entry per call.
const fnObs = new PerformanceObserver((list) => {
  const [entry] = list.getEntries();
  console.log('function entry', entry.name, entry.entryType, entry.detail, entry[0], entry[1], typeof entry.duration);
  fnObs.disconnect();
});
fnObs.observe({ entryTypes: ['function'] });
function add(x, y) { return x + y; }
const timed = performance.timerify(add);
console.log(timed(2, 3), timed.name, timed.length, performance.timerify(add) === timed, performance.getEntriesByType('function').length);

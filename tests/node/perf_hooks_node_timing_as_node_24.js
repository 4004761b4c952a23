// node tests/node/perf_hooks_node_timing_as_node_24.js > tests/node/perf_hooks_node_timing_as_node_24.out (recorded with Node 24)
// performance.nodeTiming, Node 24's PerformanceNodeTiming (lib/internal/
// perf/nodetiming.js): one object, a PerformanceEntry, whose own
// properties read the start-up milestones (ms since the time origin, in
// order), loopStart and loopExit (-1 until reached), the loop's idle time
// and libuv's uv_metrics_info (turns that reached poll; events poll handed
// to callbacks, counted after them; those waiting when poll was entered).
// A measure may name a milestone; a mark may not. Only what does not
// depend on the machine's speed is printed (the loop's turn count at a
// timer or at exit depends on when the timer expires, so it is read from
// immediates).
const { performance, PerformanceEntry } = require('perf_hooks');
const t = performance.nodeTiming;
const show = (label, f) => { try { console.log(label, f()); } catch (e) { console.log(label, 'throws', e.constructor.name, e.code, e.message); } };
show('class', () => `${t.constructor.name} ${Object.getPrototypeOf(Object.getPrototypeOf(t)) === PerformanceEntry.prototype} ${t instanceof PerformanceEntry}`);
show('keys', () => Object.keys(t).join(','));
show('descriptors', () => Object.entries(Object.getOwnPropertyDescriptors(t)).map(([k, d]) => `${k}:${'value' in d ? 'value' : 'get'}${d.enumerable ? 'E' : ''}${d.configurable ? 'C' : ''}${d.writable ? 'W' : ''}`).join(' '));
show('same object', () => performance.nodeTiming === t && require('perf_hooks').performance.nodeTiming === t);
show('proto descriptor', () => JSON.stringify(Object.getOwnPropertyDescriptor(Object.getPrototypeOf(performance), 'nodeTiming'), (k, v) => k === 'value' ? typeof v : v));
show('fixed', () => `${t.name} ${t.entryType} ${t.startTime}`);
show('milestone types', () => ['duration', 'nodeStart', 'v8Start', 'environment', 'bootstrapComplete', 'idleTime'].map((k) => typeof t[k]).join(','));
show('milestones in order', () => 0 <= t.nodeStart && t.nodeStart <= t.v8Start && t.v8Start <= t.environment && t.environment <= t.bootstrapComplete && t.bootstrapComplete <= t.duration);
show('main: loopStart loopExit idleTime', () => `${t.loopStart} ${t.loopExit} ${t.idleTime}`);
show('main: uvMetricsInfo', () => JSON.stringify(t.uvMetricsInfo));
show('toJSON keys', () => Object.keys(t.toJSON()).join(','));
show('inspect', () => require('util').inspect(t).split('\n')[0]);
show('performance.toJSON keys', () => Object.keys(performance.toJSON()).join(','));
show('mark loopStart', () => performance.mark('loopStart'));
show('clearMarks bootstrapComplete', () => performance.clearMarks('bootstrapComplete'));
show('measure between milestones', () => { const m = performance.measure('boot', 'nodeStart', 'bootstrapComplete'); return m.startTime === t.nodeStart && m.duration === t.bootstrapComplete - t.nodeStart; });
const c = new MessageChannel();
c.port2.on('message', () => {
  // (uv_metrics_info counts a poll's events after its callbacks.)
  show('port message: uvMetricsInfo', () => JSON.stringify(t.uvMetricsInfo));
  c.port2.close();
  setImmediate(() => {
    show('immediate 1: uvMetricsInfo', () => JSON.stringify(t.uvMetricsInfo));
    setImmediate(() => show('immediate 2: uvMetricsInfo', () => JSON.stringify(t.uvMetricsInfo)));
  });
  setTimeout(() => {
    show('timer: loopStart set', () => t.loopStart >= t.bootstrapComplete && t.loopStart <= t.duration);
    show('timer: loopExit idleTime', () => `${t.loopExit} ${t.idleTime > 0}`);
  }, 200);
});
c.port1.postMessage(1);
process.on('exit', () => {
  show('exit: loopExit after loopStart', () => t.loopExit >= t.loopStart && t.loopExit <= t.duration);
  show('exit: events', () => { const m = t.uvMetricsInfo; return `${m.events} ${m.eventsWaiting}`; });
});

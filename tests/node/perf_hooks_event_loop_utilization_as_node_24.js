// node tests/node/perf_hooks_event_loop_utilization_as_node_24.js > tests/node/perf_hooks_event_loop_utilization_as_node_24.out (recorded with Node 24)
// performance.eventLoopUtilization(): all zeros before the loop starts;
// then the loop's waits in poll are idle and the rest is active (here a
// wait for a 200 ms timer, then 30 ms blocked in Atomics.wait); with one
// earlier result, the change since it; with two, their difference.
const { performance, eventLoopUtilization } = require('perf_hooks');
console.log('main module:', performance.eventLoopUtilization(), eventLoopUtilization === performance.eventLoopUtilization);
console.log(Object.keys(performance.eventLoopUtilization()));
setTimeout(() => {
  const first = performance.eventLoopUtilization();
  // (The main module's own time comes off the wait: only some of it is idle.)
  console.log('after waiting for a 200 ms timer:', first.idle > 0 && first.idle < 250, first.active >= 0, first.utilization < 0.5);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30);
  const busy = performance.eventLoopUtilization(first);
  console.log('30 ms blocked since:', busy.idle, busy.active >= 29, busy.utilization);
  const total = performance.eventLoopUtilization();
  const diff = performance.eventLoopUtilization(total, first);
  console.log('difference of two:', diff.idle === total.idle - first.idle, diff.active === total.active - first.active, diff.utilization === busy.utilization);
  console.log(Object.keys(performance.toJSON()).includes('eventLoopUtilization'), typeof performance.toJSON().eventLoopUtilization.utilization);
}, 200);

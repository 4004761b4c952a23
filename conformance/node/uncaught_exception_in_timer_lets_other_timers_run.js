// conformance: virtual-only (under --clock real the order depends on wall time: a stall between the two 5 ms setTimeout calls can leave timer 2 not yet due when timer 1 throws, so the nextTick runs first, in Node as in jsloop; seen under load)
// An 'uncaughtException' listener catches a throw from a timer; the other
// timers due at the same time still run, and nextTicks queued before the
// throw run too.
const log = (s) => console.log(s);
process.on('uncaughtException', (err, origin) => log('uncaught: ' + err.message + ' (' + origin + ')'));
setTimeout(() => {
  log('timer 1');
  process.nextTick(() => log('tick from timer 1'));
  throw new Error('from timer 1');
}, 5);
setTimeout(() => log('timer 2'), 5);
setTimeout(() => log('timer 3'), 20);

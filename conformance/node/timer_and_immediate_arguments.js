// conformance: virtual-only (under --clock real the order depends on wall time: a 50 ms stall before the next loop turn runs the 50 ms timer before the immediate, in Node as in jsloop; seen under load)
// Extra arguments go to setTimeout, setImmediate and nextTick callbacks.
// The case starts in an immediate, so its timers do not depend on start-up time.
const log = (s) => console.log(s);
setImmediate(() => {
  setTimeout((a, b) => log('timeout ' + a + ' ' + b), 50, 'x', 'y');
  setImmediate((a, b, c) => log('immediate ' + a + b + c), 1, 2, 3);
  process.nextTick((a) => log('tick ' + a), 'arg');
  const t = setTimeout(() => {}, 1);
  log('timeout object ' + typeof t + ' ' + (typeof t.ref) + ' ' + (typeof t[Symbol.toPrimitive]));
  clearTimeout(t);
});

// conformance: virtual-only (under --clock real the order depends on wall time: a stall of 40 ms before the 40 ms timer runs lets the unref'd 80 ms one fire with it, in Node as in jsloop; seen under load)
// An unref'd timer still fires if the loop is alive for other reasons.
// The case starts in an immediate, so its timers do not depend on start-up time.
const log = (s) => console.log(s);
setImmediate(() => {
  setTimeout(() => log('unrefed at 10'), 10).unref();
  setTimeout(() => log('refed at 40'), 40);
  setTimeout(() => log('unrefed at 80 (never)'), 80).unref();
  process.on('exit', () => log('exit'));
});

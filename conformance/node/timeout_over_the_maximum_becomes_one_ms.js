// conformance: virtual-only (under --clock real the order depends on wall time: a 29 ms stall between the two setTimeout calls (the second emits a warning) puts the 30 ms timer first, in Node as in jsloop; seen under load)
// A delay above 2^31 - 1 ms is set to 1 ms (Node warns on stderr), so it
// fires before a 30 ms timer.
const log = (s) => console.log(s);
setImmediate(() => {
  setTimeout(() => log('30 ms'), 30);
  setTimeout(() => log('huge delay fired'), 2 ** 31);
  log('set');
});

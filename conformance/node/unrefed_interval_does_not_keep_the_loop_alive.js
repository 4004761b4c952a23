// conformance: virtual-only (under --clock real the order depends on wall time: a 20 ms stall between starting the interval and the 100 ms timer gives the interval a third tick first, in Node as in jsloop; seen under load)
// An unref'd interval runs while a ref'd timer keeps the loop alive, then the
// process exits. Its ticks are 40 ms apart, the ref'd timer at 100 ms.
const log = (s) => console.log(s);
setImmediate(() => {
  let n = 0;
  const iv = setInterval(() => log('unref interval ' + ++n), 40);
  iv.unref();
  setTimeout(() => log('ref timer at 100'), 100);
});
process.on('exit', () => log('exit'));

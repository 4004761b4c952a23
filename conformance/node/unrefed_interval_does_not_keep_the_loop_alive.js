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

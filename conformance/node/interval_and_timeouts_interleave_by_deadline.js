// conformance: virtual-only (under --clock real the order depends on wall time: the first tick more than 20 ms late puts the 100 ms timeout before the second, in Node as in jsloop; seen under load)
// An interval every 40 ms against timeouts at 60 and 100 ms.
const log = (s) => console.log(s);
setImmediate(() => {
  let n = 0;
  const iv = setInterval(() => {
    log('interval ' + ++n);
    if (n === 3) clearInterval(iv);
  }, 40);
  setTimeout(() => log('timeout 60'), 60);
  setTimeout(() => log('timeout 100'), 100);
});

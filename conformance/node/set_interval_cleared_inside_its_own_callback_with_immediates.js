// conformance: virtual-only (under --clock real the order depends on wall time: the interval more than 30 ms late runs with the 40 ms timeout in one timers phase, before its immediate, in Node as in jsloop; seen under load)
// An interval that clears itself on the first tick does not repeat; its
// immediates run before later timers.
// The case starts in an immediate, so its timers do not depend on start-up time.
const log = (s) => console.log(s);
setImmediate(() => {
  const iv = setInterval(() => {
    log('interval once');
    clearInterval(iv);
    setImmediate(() => log('immediate from interval'));
  }, 10);
  setTimeout(() => log('timeout 40'), 40);
});

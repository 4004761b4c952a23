// conformance: virtual-only (under --clock real the order depends on wall time: the first tick more than 10 ms late puts the 50 ms timeout before the second, in Node as in jsloop; seen under load)
// An interval at 20 ms, a timeout at 50 ms; the interval clears itself after
// its fourth tick.
// The case starts in an immediate, so its timers do not depend on start-up time.
const log = (s) => console.log(s);
setImmediate(() => {
  let n = 0;
  const iv = setInterval(() => {
    n++;
    log('interval ' + n);
    Promise.resolve().then(() => log('promise from interval ' + n));
    if (n === 4) clearInterval(iv);
  }, 20);
  setTimeout(() => log('timeout 50'), 50);
});

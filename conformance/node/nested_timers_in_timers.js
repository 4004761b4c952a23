// conformance: virtual-only (under --clock real the order depends on wall time: the 20 ms timer more than 40 ms late puts the 100 ms one before the timer it starts, in Node as in jsloop; seen under load)
// Timers started from timer callbacks, with deadlines far apart.
// The case starts in an immediate, so its timers do not depend on start-up time.
const log = (s) => console.log(s);
setImmediate(() => {
  setTimeout(() => {
    log('A at 20');
    setTimeout(() => log('C at 60 (from A)'), 40);
    setImmediate(() => log('immediate from A'));
  }, 20);
  setTimeout(() => {
    log('B at 100');
    setTimeout(() => log('D at 120 (from B)'), 20);
  }, 100);
  setTimeout(() => log('E at 150'), 150);
});

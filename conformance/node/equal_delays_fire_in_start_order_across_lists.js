// conformance: virtual-only (under --clock real the order depends on wall time: the 10 ms timers more than 40 ms late put the 60 ms timer before the one A starts, in Node as in jsloop; seen under load)
// Equal delays fire in start order; a timer started by a timer with the same
// delay lands behind timers already due.
// The case starts in an immediate, so its timers do not depend on start-up time.
const log = (s) => console.log(s);
setImmediate(() => {
  setTimeout(() => {
    log('A');
    setTimeout(() => log('D (started by A)'), 10);
  }, 10);
  setTimeout(() => log('B'), 10);
  setTimeout(() => log('C'), 10);
  setTimeout(() => log('E at 60'), 60);
});

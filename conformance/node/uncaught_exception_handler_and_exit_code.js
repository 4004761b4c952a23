// conformance: virtual-only (under --clock real the order depends on wall time: the 20 ms timer 40 ms late expires with the 60 ms one, and after a throw Node's processTimers runs the next timer before the nextTick queue, in Node as in jsloop; seen under load)
// An uncaughtException listener keeps the process going; the exit code stays 0.
const log = (s) => console.log(s);
process.on('uncaughtException', (e, origin) => {
  log('uncaught ' + e.message + ' ' + origin);
  process.nextTick(() => log('tick from handler'));
});
process.on('exit', (c) => log('exit ' + c));
setTimeout(() => {
  log('timer 1');
  throw new Error('from timer');
}, 20);
setTimeout(() => log('timer 2'), 60);

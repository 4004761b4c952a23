// An 'uncaughtException' listener catches a throw from a timer; the other
// timers due at the same time still run, and nextTicks queued before the
// throw run too.
const log = (s) => console.log(s);
process.on('uncaughtException', (err, origin) => log('uncaught: ' + err.message + ' (' + origin + ')'));
setTimeout(() => {
  log('timer 1');
  process.nextTick(() => log('tick from timer 1'));
  throw new Error('from timer 1');
}, 5);
setTimeout(() => log('timer 2'), 5);
setTimeout(() => log('timer 3'), 20);

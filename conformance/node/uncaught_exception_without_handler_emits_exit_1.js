// An uncaught exception with no listener ends the process with code 1; the
// 'exit' listeners still run, and later timers do not.
const log = (s) => console.log(s);
process.on('exit', (c) => log('exit ' + c));
process.on('beforeExit', () => log('beforeExit: never'));
setTimeout(() => {
  log('timer');
  throw new Error('fatal');
}, 20);
setTimeout(() => log('later timer: never'), 60);

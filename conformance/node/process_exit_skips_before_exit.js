// process.exit() emits 'exit' but not 'beforeExit'.
const log = (s) => console.log(s);
process.on('beforeExit', () => log('beforeExit (never)'));
process.on('exit', (code) => log('exit ' + code));
setTimeout(() => {
  log('timer');
  process.exitCode = 0;
  process.exit();
}, 5);
setTimeout(() => log('later timer (never)'), 50);

// process.exitCode set in 'beforeExit' is the code 'exit' gets.
const log = (s) => console.log(s);
process.on('beforeExit', (code) => {
  log('beforeExit ' + code);
  process.exitCode = 0;
});
process.on('exit', (code) => log('exit ' + code));
process.exitCode = 0;
setTimeout(() => log('timer'), 10);

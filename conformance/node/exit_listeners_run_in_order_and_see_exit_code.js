// 'exit' listeners run in registration order with the exit code; exitCode
// can still be read there.
const log = (s) => console.log(s);
process.on('exit', (c) => log('exit listener 1 ' + c + ' ' + process.exitCode));
process.once('exit', (c) => log('exit listener 2 (once) ' + c));
process.prependListener('exit', (c) => log('prepended exit listener ' + c));
process.exitCode = 0;
log('main');

// process.exitCode set in a timer is passed to 'exit' listeners (and used).
const log = (s) => console.log(s);
process.on('exit', (code) => log('exit listener 1 code ' + code + ' exitCode ' + process.exitCode));
process.on('exit', () => { log('exit listener 2'); process.exitCode = 0; });
setTimeout(() => { log('timer'); process.exitCode = 7; }, 5);

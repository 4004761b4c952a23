// node tests/node/process_exit_in_an_exit_listener_emits_exit_once.js
// process.exit() inside an 'exit' listener: the process is already exiting
// (process._exiting), so 'exit' is not emitted again; the process ends at
// once with the code given, and later listeners do not run.
process.on('exit', (code) => {
  console.log('exit listener 1, code ' + code + ', _exiting ' + process._exiting);
  process.exit(0);
});
process.on('exit', () => console.log('exit listener 2: never printed'));
console.log('main, _exiting ' + process._exiting);
process.exitCode = 4;

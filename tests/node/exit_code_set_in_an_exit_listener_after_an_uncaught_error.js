// node tests/node/exit_code_set_in_an_exit_listener_after_an_uncaught_error.js
// An uncaught error sets process.exitCode to 1 and emits 'exit'; the process
// exits with process.exitCode as the listeners leave it.
process.on('exit', (code) => {
  console.log('exit, code ' + code + ', exitCode ' + process.exitCode);
  process.exitCode = 0;
});
setTimeout(() => {
  console.log('timer throws');
  throw new Error('uncaught');
}, 1);

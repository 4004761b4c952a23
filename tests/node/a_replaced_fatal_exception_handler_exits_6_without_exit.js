// node tests/node/a_replaced_fatal_exception_handler_exits_6_without_exit.js
// src/node_errors.cc (TriggerUncaughtException): an uncaught error goes to
// process._fatalException; when a program has replaced it with something
// that is not a function, the error is printed and the process exits 6
// (kInvalidFatalExceptionMonkeyPatching) with no 'exit' event. Also
// process.exitCode, which cannot be deleted, and process's own class.
'use strict';
process.on('exit', (code) => console.log('exit', code));
console.log(typeof process._fatalException, Object.getPrototypeOf(process).constructor.name);
try {
  delete process.exitCode;
} catch (e) {
  console.log(e.name, e.message);
}
setTimeout(() => {
  console.log('timer');
  process._fatalException = undefined;
  throw new Error('ok');
}, 1);
setTimeout(() => console.log('never'), 50);

// Recorded with: node tests/node/process_exit_runs_exit_listeners_and_stops.js
// process.exit() runs 'exit' listeners synchronously and nothing else runs:
// no pending timer, immediate, nextTick or promise reaction.
process.on('exit', (code) => console.log('exit listener, code ' + code));
setTimeout(() => console.log('timeout: never'), 0);
setImmediate(() => console.log('immediate: never'));
process.nextTick(() => {
  console.log('nextTick runs');
  Promise.resolve().then(() => console.log('promise: never'));
  process.exitCode = 3;
  process.exit();
  console.log('after exit: never');
});
console.log('main');

// node tests/node/worker_terminated_while_idle_emits_exit_1.js
// A worker waiting for messages is terminated: its 'exit' event comes with
// code 1, then terminate()'s promise resolves with it; terminate() after
// the exit resolves with undefined. Under --clock virtual the same bytes on
// every run (crates/jsloop/tests/workers.rs runs it 100 times).
const { Worker } = require('worker_threads');
const w = new Worker("require('worker_threads').parentPort.on('message', () => {})", { eval: true });
w.on('online', () => {
  console.log('online');
  w.terminate().then((code) => {
    console.log('terminated ' + code);
    w.terminate().then((again) => console.log('terminate after exit: ' + again));
  });
});
w.on('exit', (code) => console.log('exit event ' + code));

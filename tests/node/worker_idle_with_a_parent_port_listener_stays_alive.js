// node tests/node/worker_idle_with_a_parent_port_listener_stays_alive.js
// A worker whose only handle is its parentPort with a 'message' listener
// (a referenced port) stays alive while idle, as in Node, until its parent
// writes 200 ms later; then it closes the port and exits 0. (Issue 19: under
// --clock virtual such a worker once exited at once.)
const { Worker, isMainThread, parentPort } = require('worker_threads');
if (isMainThread) {
  const w = new Worker(__filename);
  w.on('exit', (code) => console.log('exit ' + code));
  setTimeout(() => {
    console.log('timer');
    w.postMessage('bye');
  }, 200);
} else {
  parentPort.on('message', (m) => {
    console.log('worker got ' + m);
    parentPort.close();
  });
}

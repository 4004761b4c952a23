// conformance: virtual-only (under the real clock whether the thread made its environment before terminate() reached it is a race, in Node as in jsloop)
// terminate() called right after new Worker(): the thread has no
// environment yet, so it never runs its script (no 'online', no message)
// and its exit code stays 0 (src/node_worker.cc Worker::Exit); a worker
// terminated while it waits for messages exits 1.
const { Worker } = require('worker_threads');
const early = new Worker("require('worker_threads').parentPort.postMessage('ran')", { eval: true });
early.on('online', () => console.log('early online'));
early.on('message', (m) => console.log('early message', m));
early.on('exit', (code) => console.log('early exit', code));
early.terminate().then((code) => {
  console.log('early terminated', code);
  const idle = new Worker("require('worker_threads').parentPort.on('message', () => {})", { eval: true });
  idle.on('online', () => idle.terminate().then((c) => console.log('idle terminated', c)));
});

// conformance: virtual-only (under --clock real the order is the race of two threads: the worker's start against the parent's wake-up)
// A Worker's 'online' comes before anything its script sends, even through a
// port made before the Worker, whose handle comes first in the parent's poll
// pass: the worker posts 'online' on its internal port before it runs the
// script (lib/internal/main/worker_thread.js), and the parent wakes for it
// long before the script's first message (fuzz seeds 800714, 800898, ...).
// The worker's script waits 50 ms as it starts, so that Node's order holds
// under load too.
const { Worker } = require('worker_threads');
const ch = new MessageChannel();
const w = new Worker(`
const { workerData } = require('worker_threads');
const port = workerData.port;
// The script takes a while to start (as a big one would).
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
port.once('message', (m) => {
  port.postMessage('got ' + m);
  process.nextTick(() => port.postMessage('from a nextTick'));
  setImmediate(() => port.postMessage('last, from an immediate'));
});
`, { eval: true, workerData: { port: ch.port2 }, transferList: [ch.port2] });
ch.port1.on('message', (m) => {
  console.log('message: ' + m);
  if (m.startsWith('last')) ch.port1.close();
});
w.on('online', () => {
  console.log('online');
  process.nextTick(() => console.log('nextTick after online'));
  setImmediate(() => console.log('immediate after online'));
});
setImmediate(() => console.log('main immediate'));
ch.port1.postMessage('go');
console.log('main end');

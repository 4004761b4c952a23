// Message round trips between the main thread and a worker thread.
// Usage: worker_ping.js N; prints the count and the sum of the echoes.
const { Worker, isMainThread, parentPort } = require('worker_threads');
if (isMainThread) {
  const n = Number(process.argv[2] || 10000);
  const w = new Worker(__filename);
  let i = 0, sum = 0;
  const start = process.hrtime.bigint();
  w.on('message', (v) => {
    sum += v;
    if (++i === n) {
      const us = Number(process.hrtime.bigint() - start) / 1000 / n;
      console.log(`worker_ping ${n} sum=${sum} round_trip_us=${us.toFixed(1)}`);
      w.terminate();
    } else w.postMessage(i);
  });
  w.postMessage(0);
} else {
  parentPort.on('message', (v) => parentPort.postMessage(v + 1));
}

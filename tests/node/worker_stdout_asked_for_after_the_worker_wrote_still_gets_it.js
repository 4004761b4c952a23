// node tests/node/worker_stdout_asked_for_after_the_worker_wrote_still_gets_it.js
// The parent asks for worker.stdout (not piped) only after the worker has
// written: it blocks on a SharedArrayBuffer the worker notifies after its
// console.log. The output still comes as 'data', as in Node: a worker's
// output reaches the parent's stream through the parent's loop, after this
// turn, whenever the worker wrote it. (Under jsloop's --clock virtual the
// worker only runs once this turn has ended and the wait times out at
// once, so only --clock real has the worker write first; the wait's result
// is not printed for that reason.)
const { Worker } = require('worker_threads');
const flag = new Int32Array(new SharedArrayBuffer(4));
const w = new Worker(`
  const { workerData } = require('worker_threads');
  console.log('written before the parent asked');
  Atomics.store(workerData, 0, 1);
  Atomics.notify(workerData, 0);
`, { eval: true, workerData: flag });
Atomics.wait(flag, 0, 0, 10000);
const seen = [];
w.stdout.on('data', (chunk) => seen.push(String(chunk)));
w.on('exit', () => console.log('worker.stdout got ' + JSON.stringify(seen.join(''))));

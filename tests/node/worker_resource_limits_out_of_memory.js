// node tests/node/worker_resource_limits_out_of_memory.js
// resourceLimits: the Worker and the worker see the limits given; a
// worker that fills its heap is ended with ERR_WORKER_OUT_OF_MEMORY as its
// error and exit code 1, and resourceLimits is {} after the exit.
const { Worker } = require('worker_threads');
const limits = { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4, codeRangeSizeMb: 16, stackSizeMb: 1 };
const w = new Worker(`
  const { resourceLimits, parentPort } = require('worker_threads');
  parentPort.postMessage(resourceLimits);
  parentPort.once('message', () => {
    const a = []; while (true) { for (let i = 0; i < 100; i++) a.push([a, 'x'.repeat(100)]); }
  });
`, { eval: true, resourceLimits: limits });
console.log(JSON.stringify(w.resourceLimits));
w.on('message', (m) => { console.log('in worker', JSON.stringify(m)); w.postMessage('fill the heap'); });
w.on('error', (e) => console.log('error', e.code, String(e)));
w.on('exit', (c) => console.log('exit', c, JSON.stringify(w.resourceLimits)));

// conformance: real-only (the busy worker never yields its turn under the virtual clock)
// terminate() resolves with the exit code (1) once the worker stops; an
// unref'd worker does not keep the process alive.
const { Worker } = require('worker_threads');
const busy = new Worker('require("worker_threads").parentPort.postMessage("started"); for (;;) {}', { eval: true });
busy.on('message', async (m) => {
  console.log('got', m);
  const code = await busy.terminate();
  console.log('terminated with', code);
  const idle = new Worker('require("worker_threads").parentPort.on("message", () => {})', { eval: true });
  idle.on('online', () => { console.log('idle online, unref'); idle.unref(); });
});
busy.on('exit', (code) => console.log('busy exit', code));
process.on('exit', () => console.log('process exit'));

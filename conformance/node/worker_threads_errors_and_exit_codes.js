// An uncaught error in a worker is its Worker's 'error' event, then 'exit'
// with code 1; process.exit(n) in a worker is 'exit' n; a missing file is an error.
const { Worker } = require('worker_threads');
const thrower = new Worker('throw new RangeError("bad range in a worker")', { eval: true });
thrower.on('error', (e) => console.log('error event:', e.constructor.name, e.message));
thrower.on('exit', (code) => {
  console.log('thrower exit', code);
  const exiter = new Worker('setTimeout(() => process.exit(3), 5)', { eval: true });
  exiter.on('exit', (code) => {
    console.log('exiter exit', code);
    try { exiter.postMessage(() => 1); } catch (e) { console.log('postMessage(function):', e.name); }
    try { new Worker('no-dot-slash.js'); } catch (e) { console.log('bad path:', e.code); }
  });
});

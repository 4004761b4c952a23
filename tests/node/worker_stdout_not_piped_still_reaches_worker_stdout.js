// node tests/node/worker_stdout_not_piped_still_reaches_worker_stdout.js
// A Worker made without `stdout: true`: what it prints goes to the
// program's output, and also comes as 'data' on worker.stdout (Node pipes
// that stream to process.stdout); with `stdout: true` it comes only there.
const { Worker } = require('worker_threads');
const w = new Worker("console.log('from the worker'); console.log('second line');", { eval: true });
const seen = [];
w.stdout.on('data', (chunk) => seen.push(String(chunk)));
w.on('exit', () => {
  console.log('worker.stdout got ' + JSON.stringify(seen.join('')));
  const piped = new Worker("console.log('only in the stream');", { eval: true, stdout: true });
  let text = '';
  piped.stdout.on('data', (chunk) => { text += chunk; });
  piped.on('exit', () => console.log('piped stream got ' + JSON.stringify(text)));
});

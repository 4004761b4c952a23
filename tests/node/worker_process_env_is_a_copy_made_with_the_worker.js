// A worker's process.env is a copy of the parent's taken when the Worker is
// made (or of options.env): later changes on either side are not seen by
// the other. Values become strings.
// Recorded with: node tests/node/worker_process_env_is_a_copy_made_with_the_worker.js
const { Worker, isMainThread, parentPort } = require('worker_threads');
if (isMainThread) {
  process.env.JSLOOP_ENV_TEST = 'from parent';
  process.env.JSLOOP_ENV_NUMBER = 42;
  const w = new Worker(__filename);
  process.env.JSLOOP_ENV_TEST = 'changed after';
  w.on('message', (m) => {
    console.log('worker saw', m);
    console.log('parent still has', process.env.JSLOOP_ENV_TEST, process.env.JSLOOP_WORKER_SET);
    const w2 = new Worker(__filename, { env: { ONLY: 1 } });
    w2.on('message', (m2) => console.log('second worker saw', m2));
  });
} else {
  const seen = [process.env.JSLOOP_ENV_TEST, process.env.JSLOOP_ENV_NUMBER, typeof process.env.JSLOOP_ENV_NUMBER, process.env.ONLY, Object.keys(process.env).length > 1];
  process.env.JSLOOP_WORKER_SET = 'x';
  parentPort.postMessage(seen);
}

// node tests/node/web_locks_across_worker_threads_as_node_24.js > tests/node/web_locks_across_worker_threads_as_node_24.out (recorded with Node 24)
// navigator.locks across threads: a worker's request for a lock the main
// thread holds is granted when the main thread releases it, and the main
// thread's next request waits for the worker's release.
const { Worker } = require('worker_threads');
const worker = new Worker(`
  const { parentPort } = require('worker_threads');
  let release;
  parentPort.on('message', (m) => {
    if (m === 'request') {
      navigator.locks.request('x', (lock) => {
        parentPort.postMessage('worker got ' + lock.name + ' ' + lock.mode);
        return new Promise((r) => { release = r; });
      }).then((v) => parentPort.postMessage('worker released with ' + v));
      navigator.locks.query().then((q) => parentPort.postMessage('worker query: held ' + q.held.length + ', pending ' + q.pending.length));
    } else if (m === 'release') {
      release('done');
    }
  });
`, { eval: true });
let releaseMain;
// (The worker's release and the main thread's grant that follows it are
// printed once both happened: their messages race across threads.)
const last = new Set();
const finish = (what) => {
  last.add(what);
  if (last.size === 2) { console.log([...last].sort().join('; ')); worker.terminate(); }
};
worker.on('message', (m) => {
  if (m.startsWith('worker released')) return finish(m);
  console.log(m);
  if (m.startsWith('worker query')) setTimeout(() => { console.log('main releases'); releaseMain('main done'); }, 20);
  if (m.startsWith('worker got')) {
    navigator.locks.request('x', () => finish('main has it again'));
    navigator.locks.query().then((q) => { console.log('main query: held', q.held.length, 'pending', q.pending.length); worker.postMessage('release'); });
  }
});
navigator.locks.request('x', (lock) => {
  console.log('main holds', lock.name);
  worker.postMessage('request');
  return new Promise((resolve) => { releaseMain = resolve; });
}).then((v) => console.log('main released with', v));

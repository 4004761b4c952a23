// conformance: virtual-only (under --clock real the order is a race of two threads: a main thread slowed before its first poll sees the worker's 'online' before its immediate, in Node as in jsloop; seen under load)
// A main thread and a worker thread exchange messages both ways; workerData
// is a clone; the worker exits when its port closes.
const { Worker, isMainThread, threadId } = require('worker_threads');
console.log('main', isMainThread, threadId);
const w = new Worker('./conformance/node/_worker_threads_echo.js', { workerData: { start: 5, list: [1, 2], when: new Date(0) } });
w.on('online', () => console.log('online'));
w.on('message', (m) => {
  console.log('main got', JSON.stringify(m));
  if (m.n < 3) w.postMessage({ n: m.n + 1 });
  else w.postMessage('stop');
});
w.on('exit', (code) => console.log('exit', code));
setImmediate(() => console.log('immediate'));
process.nextTick(() => console.log('tick'));

const { parentPort, workerData, isMainThread, threadId } = require('worker_threads');
parentPort.postMessage({ n: 1, workerData, date: workerData.when instanceof Date, isMainThread, threadId });
parentPort.on('message', (m) => {
  if (m === 'stop') { parentPort.close(); return; }
  parentPort.postMessage({ n: m.n });
});

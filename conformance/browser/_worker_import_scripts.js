importScripts('_worker_helper.js');
const log = [];
setTimeout(() => log.push('timeout'), 0);
queueMicrotask(() => log.push('microtask'));
const ch = new MessageChannel();
ch.port1.onmessage = () => log.push('channel');
ch.port2.postMessage(0);
setTimeout(() => {
  self.postMessage(helper(log.join(' ')));
  try { importScripts('_no_such_helper.js'); } catch (e) { self.postMessage('missing import: ' + e.name); }
}, 50);

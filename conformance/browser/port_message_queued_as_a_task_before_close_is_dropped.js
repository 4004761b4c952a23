// Y is already a task of port1 when X's listener closes port1. Chromium
// drops it (the closed port's pipe is replaced, unread); the HTML Standard's
// close() only disentangles, and jsloop delivers it (known-differences.md).
const log = [];
const ch = new MessageChannel();
ch.port1.onmessage = (e) => {
  log.push('message ' + e.data);
  if (e.data === 'X') { ch.port1.close(); setTimeout(() => log.push('timeout from X'), 0); }
};
ch.port2.postMessage('first');
ch.port2.postMessage('X');
ch.port2.postMessage('Y');
setTimeout(() => { for (const l of log) console.log(l); console.log('__done__'); }, 60);

// 'first' is a task at once; X and Y wait, and are tasks when it has run.
// X's listener posts Z to its own port: Z waits until X's task has run and
// is then a task, before the zero timeout Y's listener queues (Chromium
// tops a port's tasks up after every message, not after the last of a
// batch).
const log = [];
const ch = new MessageChannel();
ch.port1.onmessage = (e) => {
  log.push('message ' + e.data);
  if (e.data === 'X') ch.port2.postMessage('Z');
  if (e.data === 'Y') setTimeout(() => log.push('timeout from Y'), 0);
};
ch.port2.postMessage('first');
ch.port2.postMessage('X');
ch.port2.postMessage('Y');
setTimeout(() => { for (const l of log) console.log(l); console.log('__done__'); }, 60);

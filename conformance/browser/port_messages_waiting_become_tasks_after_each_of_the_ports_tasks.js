// Three messages are tasks (X, Y, W); after each of them runs, the messages
// its listener posted become tasks: Z1 and Z2 after X's task, before Y's
// timeout; Z3 after Y's task, after Y's timeout and before W's.
const log = [];
const ch = new MessageChannel();
ch.port1.onmessage = (e) => {
  log.push('message ' + e.data);
  if (e.data === 'X') { ch.port2.postMessage('Z1'); ch.port2.postMessage('Z2'); }
  if (e.data === 'Y') { ch.port2.postMessage('Z3'); setTimeout(() => log.push('timeout from Y'), 0); }
  if (e.data === 'W') setTimeout(() => log.push('timeout from W'), 0);
};
ch.port2.postMessage('first');
ch.port2.postMessage('X');
ch.port2.postMessage('Y');
ch.port2.postMessage('W');
setTimeout(() => { for (const l of log) console.log(l); console.log('__done__'); }, 60);

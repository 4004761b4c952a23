// Y and W are already tasks of port1 when X's listener transfers port1:
// they go with it (the port message queue moves with a shipped port) and
// reach the new port object once its onmessage enables its queue: Y alone
// first, W when Y's task has run.
const log = [];
const ch = new MessageChannel();
const carrier = new MessageChannel();
carrier.port1.onmessage = (e) => {
  log.push('carrier got a port');
  const p = e.ports[0];
  p.onmessage = (ev) => log.push('moved port: message ' + ev.data);
  setTimeout(() => log.push('timeout from carrier'), 0);
};
ch.port1.onmessage = (e) => {
  log.push('message ' + e.data);
  if (e.data === 'X') { carrier.port2.postMessage(null, [ch.port1]); setTimeout(() => log.push('timeout from X'), 0); }
};
ch.port2.postMessage('first');
ch.port2.postMessage('X');
ch.port2.postMessage('Y');
ch.port2.postMessage('W');
setTimeout(() => { for (const l of log) console.log(l); console.log('__done__'); }, 60);

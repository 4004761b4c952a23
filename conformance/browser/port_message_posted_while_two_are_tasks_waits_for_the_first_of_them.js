// X and Y are tasks when another port's task posts Z to the same port and
// then queues a zero timeout: Z is not a task at once (the port has tasks
// in the loop), so the timeout goes before it; Z becomes a task when X's
// task has run.
const log = [];
const shared = new MessageChannel();
const other = new MessageChannel();
other.port1.onmessage = () => {
  log.push('other port');
  shared.port2.postMessage('Z');
  setTimeout(() => log.push('timeout from other port'), 0);
};
shared.port1.onmessage = (e) => {
  log.push('message ' + e.data);
  if (e.data === 'first') {
    other.port2.postMessage(0);
    shared.port2.postMessage('X');
    shared.port2.postMessage('Y');
  }
};
shared.port2.postMessage('first');
setTimeout(() => { for (const l of log) console.log(l); console.log('__done__'); }, 60);

// When a port's messages become tasks: a message posted while none of the
// port's tasks is queued or running is a task at once, alone; the ones
// posted after it wait, and when one of the port's tasks has run (its
// microtask checkpoint included) every message waiting then becomes a task,
// one after the other. A timer queued before that goes first.
const log = [];
const ch = new MessageChannel();
ch.port1.onmessage = (e) => {
  log.push('message ' + e.data);
  if (e.data === 'A') {
    ch.port2.postMessage('B');
    setTimeout(() => log.push('timeout from A'), 0);
    Promise.resolve().then(() => ch.port2.postMessage('C'));
  }
  if (e.data === 'C') setTimeout(() => { log.push('timeout from C'); ch.port2.postMessage('Y'); }, 0);
};
ch.port2.postMessage('A');
ch.port2.postMessage('X');
setTimeout(() => log.push('timeout from the script'), 0);
// A port enabled late: its first waiting message is a task then, alone.
const late = new MessageChannel();
late.port2.postMessage('a');
late.port2.postMessage('b');
late.port1.addEventListener('message', (e) => log.push('late ' + e.data));
setTimeout(() => { late.port1.start(); setTimeout(() => log.push('timeout after start()'), 0); }, 10);
setTimeout(() => {
  for (const line of log) console.log(line);
  console.log('__done__');
}, 60);

// As port_message_posted_by_a_listener_goes_before_a_timer_the_next_message_queues,
// with Z posted from a microtask of X's listener: the microtask checkpoint
// is part of X's task, so Z is a task when X's task has run, before Y's
// zero timeout.
const log = [];
const ch = new MessageChannel();
ch.port1.onmessage = (e) => {
  log.push('message ' + e.data);
  if (e.data === 'X') Promise.resolve().then(() => { log.push('microtask of X'); ch.port2.postMessage('Z'); });
  if (e.data === 'Y') setTimeout(() => log.push('timeout from Y'), 0);
};
ch.port2.postMessage('first');
ch.port2.postMessage('X');
ch.port2.postMessage('Y');
setTimeout(() => { for (const l of log) console.log(l); console.log('__done__'); }, 60);

// Found by conformance/fuzz-browser.mjs (seed 821041), minimized. Two
// messages (B1, B: posted by A's listener) are tasks when another port's
// task posts C to the same port: C waits, and becomes a task when B1's task
// has run (Chromium's port reads one message per task and then posts tasks
// for every message left unread), so it goes before the zero timeout B's
// listener queues.
const log = (s) => console.log(s);
const shared = new MessageChannel();
const on = {};
shared.port1.onmessage = (e) => on[e.data]();
on.A = () => {
  log('A');
  const other = new MessageChannel();
  other.port1.onmessage = () => {
    log('other port');
    shared.port2.postMessage('C');
  };
  other.port2.postMessage(0);
  shared.port2.postMessage('B1');
  shared.port2.postMessage('B');
};
on.B1 = () => log('B1');
on.B = () => {
  log('B');
  setTimeout(() => log('timeout from B'), 0);
};
on.C = () => log('C');
shared.port2.postMessage('A');
setTimeout(() => console.log('__done__'), 200);

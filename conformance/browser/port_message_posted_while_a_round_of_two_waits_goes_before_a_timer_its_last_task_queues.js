// Found by conformance/fuzz-browser.mjs (seed 821041), minimized. A round of
// two messages (B1, B: posted by A's listener) is in the loop when another
// port's task posts C to the same port; B's listener, the round's last task,
// queues a zero timeout. Chromium delivers C before that timeout; with a
// round of one message (only B), the timeout goes first.
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

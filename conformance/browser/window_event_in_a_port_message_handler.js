// window.event while a port's onmessage runs (from its second message on,
// jsloop fires the port's messages itself): the message event, an event
// dispatched from the handler while its listeners run (and one dispatched
// from those), the message event again after that dispatch, in a
// microtask after the handler, and undefined in a task after it.
const log = (s) => console.log(s);
const { port1, port2 } = new MessageChannel();
const target = new EventTarget();
target.addEventListener('ping', (inner) => {
  log('  nested listener: window.event is the nested event ' + (window.event === inner));
  const t2 = new EventTarget();
  t2.addEventListener('deeper', (d) => log('    deeper listener: ' + (window.event === d)));
  t2.dispatchEvent(new Event('deeper'));
  log('  nested listener after the deeper dispatch: ' + (window.event === inner));
});
let n = 0;
port2.onmessage = (e) => {
  log('message ' + e.data + ': window.event is the message ' + (window.event === e));
  target.dispatchEvent(new Event('ping'));
  log('message ' + e.data + ' after the nested dispatch: ' + (window.event === e));
  queueMicrotask(() => log('microtask after message ' + e.data + ': ' + (window.event === e)));
  setTimeout(() => {
    log('timer after message ' + e.data + ': ' + String(window.event));
    if (++n < 3) port1.postMessage(n + 1);
    else console.log('__done__');
  }, 0);
};
port1.postMessage(1);

// A ping-pong over one MessageChannel while port2's listeners and its
// onmessage change, from port1's handler (between port2's messages), from
// port2's own handler and from timers: every message goes to the listeners
// port2 has when its task runs. (While a port's one listener is its
// onmessage function, jsloop fires the port's messages itself; each of
// these changes must end that.)
const log = (s) => console.log(s);
const { port1, port2 } = new MessageChannel();
const extra = (e) => log('extra listener ' + e.data);
const handlerObject = { handleEvent(e) { log('handleEvent ' + e.data); } };
const ac = new AbortController();
function first(e) {
  log('first ' + e.data);
  port2.postMessage(e.data);
}
function second(e) {
  log('second ' + e.data);
  // Changes made by the handler itself.
  if (e.data === 8) port2.addEventListener('message', extra);
  if (e.data === 9) port2.removeEventListener('message', extra);
  port2.postMessage(e.data);
}
const steps = {
  3: () => port2.addEventListener('message', extra),
  5: () => port2.removeEventListener('message', extra),
  7: () => { port2.onmessage = second; },
  10: () => port2.addEventListener('message', (e) => log('signal listener ' + e.data), { signal: ac.signal }),
  12: () => ac.abort(),
  14: () => port2.addEventListener('message', (e) => log('once listener ' + e.data), { once: true }),
  17: () => port2.addEventListener('message', handlerObject),
  19: () => port2.removeEventListener('message', handlerObject),
  21: () => { port2.onmessage = first; },
};
port1.onmessage = (e) => {
  const n = e.data + 1;
  if (n > 25) {
    if (n < 28) port1.postMessage(n);
    else {
      port1.close();
      console.log('__done__');
    }
    return;
  }
  if (steps[n]) steps[n]();
  if (n < 24) {
    port1.postMessage(n);
    return;
  }
  // onmessage set to null: a message then reaches no listener.
  port2.onmessage = null;
  port1.postMessage(24);
  setTimeout(() => {
    log('after a message with no listener');
    port2.onmessage = (ev) => {
      log('third ' + ev.data);
      port2.postMessage(ev.data);
    };
    port1.postMessage(25);
  }, 50);
};
port2.onmessage = first;
port1.postMessage(1);

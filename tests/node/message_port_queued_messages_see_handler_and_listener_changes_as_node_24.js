// node tests/node/message_port_queued_messages_see_handler_and_listener_changes_as_node_24.js > tests/node/message_port_queued_messages_see_handler_and_listener_changes_as_node_24.out (recorded with Node 24)
// A port's queued messages after its first (which the host delivers
// itself while its onmessage handler is its one 'message' listener,
// node/port_fire.rs) see every change a handler makes before the next
// message: onmessage replaced by its own handler, set to null, to a
// non-function and again; a listener added with on(), once() or
// addEventListener during a dispatch and removed again; a listener on the
// port's prototype chain (EventEmitter.prototype's emit is never read);
// onmessage replaced through a setter on MessagePort.prototype.
const { MessageChannel, MessagePort } = require('worker_threads');
const { port1, port2 } = new MessageChannel();
const log = (...a) => console.log(a.join(' '));
function h1(e) {
  log('h1', e.data, this === port2, e.target === port2);
  if (e.data === 2) port2.onmessage = h2;
}
function h2(e) {
  log('h2', e.data);
  if (e.data === 4) port2.onmessage = null;
}
port2.onmessage = h1;
for (let i = 0; i < 7; i++) port1.postMessage(i);
function h3(e) {
  log('h3', e.data);
  if (e.data === 11) port2.on('message', extra);
  if (e.data === 13) port2.once('message', (v) => log('once', v));
  if (e.data === 15) port2.addEventListener('message', listener);
  if (e.data === 17) port2.removeEventListener('message', listener);
  if (e.data === 19) port2.onmessage = 'not a function';
}
function extra(v) {
  log('extra', v);
  if (v === 12) port2.off('message', extra);
}
function listener(e) { log('listener', e.data, e === undefined ? '' : e.constructor.name); }
setImmediate(() => {
  log('phase 2');
  port2.onmessage = h3;
  for (let i = 10; i < 22; i++) port1.postMessage(i);
  setImmediate(phase3);
});
function phase3() {
  log('phase 3');
  port2.onmessage = function h4(e) {
    log('h4', e.data);
    if (e.data === 31) {
      const EE = Object.getPrototypeOf(MessagePort.prototype);
      log('emit on prototype', typeof EE.emit);
      EE.emit = function () { log('prototype emit called'); };
    }
    if (e.data === 33) {
      const d = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage');
      Object.defineProperty(MessagePort.prototype, 'onmessage', {
        configurable: true,
        get: d.get,
        set(f) { log('prototype setter'); d.set.call(this, f); },
      });
      port2.onmessage = function h5(e) { log('h5', e.data); if (e.data === 36) { port1.close(); } };
    }
  };
  for (let i = 30; i < 37; i++) port1.postMessage(i);
}

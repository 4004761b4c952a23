// node tests/node/message_port_onmessage_set_again_keeps_its_place_as_node_24.js > tests/node/message_port_onmessage_set_again_keeps_its_place_as_node_24.out (recorded with Node 24)
// A MessagePort's onmessage set to another function keeps its place among
// the port's 'message' listeners: Node's event handler wrapper
// (lib/internal/event_target.js, defineEventHandler) stays registered and
// only its handler changes, also when the handler is replaced from inside
// a listener.
const { MessageChannel } = require('worker_threads');
const { port1, port2 } = new MessageChannel();
const seen = [];
port2.on('message', (v) => seen.push(`first ${v}`));
port2.onmessage = (e) => seen.push(`onmessage-1 ${e.data}`);
port2.on('message', (v) => {
  seen.push(`last ${v}`);
  if (v === 2) port2.onmessage = (e) => seen.push(`onmessage-3 ${e.data}`);
});
port2.onmessage = (e) => seen.push(`onmessage-2 ${e.data}`);
console.log('listeners', port2.listenerCount('message'));
port1.postMessage(1);
port1.postMessage(2);
setTimeout(() => {
  port1.postMessage(3);
  setTimeout(() => {
    console.log(seen.join('\n'));
    console.log('listeners', port2.listenerCount('message'));
    port1.close();
  }, 20);
}, 20);

// node tests/node/message_port_onmessage_handler_call_property_is_not_read_as_node_24.js > tests/node/message_port_onmessage_handler_call_property_is_not_read_as_node_24.out (recorded with Node 24)
// A port's onmessage handler is called as Node's event handler wrapper
// calls it (ReflectApply): a getter the handler has as its own `call` is
// never run, for the first message and for the ones after it (which the
// host delivers itself, node/port_fire.rs), and a `call` it has as data is
// not used.
const { port1, port2 } = new MessageChannel();
let n = 0;
function h(e) {
  console.log('message', e.data, this === port1);
  if (++n === 3) { port1.close(); second(); } else port2.postMessage(n);
}
Object.defineProperty(h, 'call', { get() { console.log('call read'); return Function.prototype.call; } });
port1.onmessage = h;
port2.postMessage(0);
function second() {
  const c = new MessageChannel();
  let m = 0;
  const g = function (e) {
    console.log('second', e.data);
    if (++m === 3) c.port1.close(); else c.port2.postMessage(m);
  };
  g.call = () => console.log('own call used');
  c.port1.onmessage = g;
  c.port2.postMessage('a');
}

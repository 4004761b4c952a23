// node tests/node/message_port_dispatch_ignores_a_replaced_emit_and_close_is_an_event_as_node_24.js > tests/node/message_port_dispatch_ignores_a_replaced_emit_and_close_is_an_event_as_node_24.out (recorded with Node 24)
// Node's MessagePort delivers messages from C++ through its NodeEventTarget
// dispatch (lib/internal/per_context/messageport.js emitMessage), never
// through port.emit, and on() does not emit 'newListener': a replaced emit
// changes nothing. Its 'close' is dispatched as a MessagePortCloseEvent
// (lib/internal/worker/io.js onclose), which an on('close') listener gets
// too.
const { port1, port2 } = new MessageChannel();
port1.emit = function (...a) { console.log('my emit', a[0]); };
port1.on('message', (v) => { console.log('listener', v); port1.close(); });
port2.postMessage('x');
const c = new MessageChannel();
c.port1.onmessage = (e) => { console.log('onmessage', e.data); if (e.data === 'z') c.port1.close(); };
c.port1.emit = function (...a) { console.log('my emit 2', a[0]); };
c.port2.postMessage('y');
c.port2.postMessage('z');
const d = new MessageChannel();
d.port1.on('close', (...a) => console.log('close args', a.length, a[0]?.constructor?.name, a[0]?.type, a[0] instanceof Event));
d.port1.addEventListener('close', (e) => console.log('close event', e.constructor.name, e.type));
d.port1.close();

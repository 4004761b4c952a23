// node tests/node/message_port_dispatch_skips_removed_and_runs_added_listeners_as_node_24.js > tests/node/message_port_dispatch_skips_removed_and_runs_added_listeners_as_node_24.out (recorded with Node 24)
// A MessagePort's listeners are a linked list (Node's NodeEventTarget,
// lib/internal/event_target.js): each listener's next one is read before it
// is called, so a listener removed by an earlier one in the same dispatch
// does not run, and one added while a listener that is not the last runs
// is called in the same dispatch (one added by the last listener is not).
const { port1, port2 } = new MessageChannel();
const b = () => console.log('b runs');
port1.on('message', (v) => { console.log('a', v); port1.off('message', b); });
port1.on('message', b);
port1.on('message', (v) => { console.log('c', v); });
port2.postMessage(1);
const m = new MessageChannel();
const y = () => console.log('y runs');
m.port1.addEventListener('message', (e) => { console.log('x', e.data); m.port1.removeEventListener('message', y); });
m.port1.addEventListener('message', y);
m.port1.addEventListener('message', (e) => { console.log('z', e.data); });
m.port1.start();
m.port2.postMessage(2);
const k = new MessageChannel();
k.port1.on('message', (v) => { console.log('adder', v); if (v === 1) k.port1.on('message', (w) => console.log('added during', w)); });
k.port1.once('message', (v) => console.log('once', v));
k.port1.on('message', (v) => { console.log('last', v); if (v === 1) k.port1.on('message', (w) => console.log('added by the last', w)); });
k.port2.postMessage(1);
k.port2.postMessage(2);
// The ports close when a last channel's message, posted after all the
// others, arrives (a timer could fire first on a loaded machine).
const fin = new MessageChannel();
fin.port1.on('message', () => { port1.close(); m.port1.close(); k.port1.close(); fin.port1.close(); });
fin.port2.postMessage(0);

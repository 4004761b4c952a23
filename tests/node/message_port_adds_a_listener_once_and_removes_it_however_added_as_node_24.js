// node tests/node/message_port_adds_a_listener_once_and_removes_it_however_added_as_node_24.js > tests/node/message_port_adds_a_listener_once_and_removes_it_however_added_as_node_24.out (recorded with Node 24)
// A MessagePort's listeners are a NodeEventTarget's (lib/internal/
// event_target.js): a function is in a type's list at most once, however it
// is added (on, addListener, once, addEventListener: a duplicate is
// ignored), and off() or removeEventListener() removes it however it was
// added.
const { port1, port2 } = new MessageChannel();
const show = (v) => (typeof v === 'object' ? 'event ' + v.data : v);
const f = (v) => console.log('f', show(v));
const g = (v) => console.log('g', show(v));
const h = (v) => console.log('h', show(v));
const k = (v) => console.log('k', show(v));
const o = { handleEvent: (e) => console.log('o', show(e)) };
port1.on('message', f); port1.on('message', f); port1.once('message', f); port1.addListener('message', f);
port1.addEventListener('message', g); port1.addEventListener('message', g); port1.on('message', g);
port1.once('message', h); port1.once('message', h); port1.on('message', h);
port1.on('message', k); port1.removeEventListener('message', k);
port1.addEventListener('message', o); port1.addEventListener('message', o);
console.log('count', port1.listenerCount('message'));
port1.off('message', g);
console.log('after off g', port1.listenerCount('message'));
port2.postMessage(1);
port2.postMessage(2);
port1.on('message', (v) => { if (v === 2) port1.close(); });

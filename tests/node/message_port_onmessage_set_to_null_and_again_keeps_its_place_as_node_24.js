// node tests/node/message_port_onmessage_set_to_null_and_again_keeps_its_place_as_node_24.js > tests/node/message_port_onmessage_set_to_null_and_again_keeps_its_place_as_node_24.out (recorded with Node 24)
// A MessagePort's onmessage is Node's defineEventHandler (lib/internal/
// event_target.js): the first value set, whatever it is, registers a wrapper
// listener that stays registered (so a handler set again after null keeps
// its place before listeners added later), the getter returns the value as
// set, and listenerCount follows Node's size arithmetic (one less when a
// function is replaced, one more when a function is set); the port is
// referenced once the count leaves 0.
const { port1, port2 } = new MessageChannel();
const show = (l) => console.log(l, port1.listenerCount('message'), String(port1.onmessage), port1.hasRef());
show('fresh');
port1.onmessage = 5; show('5');
port1.onmessage = null; show('null');
port1.onmessage = () => console.log('h1'); show('h1');
port1.on('message', () => { console.log('later'); port1.onmessage = 0; show('0'); port1.close(); });
port1.onmessage = null; show('null again');
port1.onmessage = () => console.log('h2'); show('h2');
port1.onmessage = {}; show('obj');
port1.onmessage = () => console.log('h3'); show('h3');
port2.postMessage(1);

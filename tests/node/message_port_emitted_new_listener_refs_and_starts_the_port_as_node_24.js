// node tests/node/message_port_emitted_new_listener_refs_and_starts_the_port_as_node_24.js > tests/node/message_port_emitted_new_listener_refs_and_starts_the_port_as_node_24.out (recorded with Node 24)
// Every port has the two listeners of Node's setupPortReferencing (lib/
// internal/worker/io.js), each port its own: port.emit('newListener',
// 'message') with no 'message' listener refs the port and starts it (a
// message waiting is then delivered, to no one), and
// port.emit('removeListener', 'message') with none stops it and unrefs it.
// Any other name, or a port with 'message' listeners, changes nothing.
'use strict';
const events = require('events');
const { MessageChannel } = require('worker_threads');

const a = new MessageChannel();
const b = new MessageChannel();
const [newA] = events.getEventListeners(a.port1, 'newListener');
const [newB] = events.getEventListeners(b.port1, 'newListener');
console.log('own listeners', typeof newA, newA === newB, JSON.stringify(newA.name), newA.length);
const { port1, port2 } = a;
console.log('fresh', port1.hasRef());
console.log('other name', port1.emit('newListener', 'foo'), port1.hasRef());
console.log('newListener message', port1.emit('newListener', 'message'), port1.hasRef());
console.log('removeListener message', port1.emit('removeListener', 'message'), port1.hasRef());
console.log('newListener message again', port1.emit('newListener', 'message'), port1.hasRef());
// Started: the message is delivered before the timer, to no listener.
port2.postMessage('lost');
setTimeout(() => {
  console.log('timer', port1.hasRef());
  port1.on('message', (m) => {
    console.log('got', m);
    // With a 'message' listener: nothing changes.
    port1.emit('removeListener', 'message');
    console.log('with a listener', port1.hasRef());
    port1.close();
    b.port1.close();
  });
  port2.postMessage('kept');
}, 20);
// b: stopped by removeListener, a message waits until a listener comes.
b.port1.on('message', (m) => console.log('b got', m));
b.port1.removeAllListeners('message');
b.port1.emit('newListener', 'message');
b.port1.emit('removeListener', 'message');
console.log('b stopped', b.port1.hasRef());
b.port2.postMessage('waits');
setTimeout(() => {
  b.port1.once('message', (m) => console.log('b got', m));
}, 5);

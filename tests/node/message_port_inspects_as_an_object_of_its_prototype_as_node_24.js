// node tests/node/message_port_inspects_as_an_object_of_its_prototype_as_node_24.js > tests/node/message_port_inspects_as_an_object_of_its_prototype_as_node_24.out (recorded with Node 24)
// util.inspect of a MessagePort: its custom inspect (lib/internal/worker/
// io.js) returns an object of MessagePort.prototype with `active: true`
// and `refed` (hasRef, which a closing port keeps until its 'close'), or
// `active: false` once its 'close' was dispatched, followed by the port's
// own enumerable properties; anything that is not a port is shown as it
// is. (What Node prints for the port itself also lists the internal
// symbols of its EventTarget, which jsloop's ports do not have:
// docs/deviations.md.)
'use strict';
const util = require('util');
const { MessageChannel, MessagePort } = require('worker_threads');

const { port1, port2 } = new MessageChannel();
const custom = port1[util.inspect.custom];
const d = Object.getOwnPropertyDescriptor(MessagePort.prototype, util.inspect.custom);
console.log('descriptor', typeof d.value, d.writable, d.enumerable, d.configurable, custom.name);
const shown = (o) => [Object.getPrototypeOf(o) === MessagePort.prototype, Object.keys(o), Object.keys(o).map((k) => o[k])];
console.log('fresh', shown(custom.call(port1)));
port1.on('message', () => {});
port1.label = 'mine';
console.log('listening', shown(custom.call(port1)));
port2.unref();
console.log('unref', shown(custom.call(port2)));
console.log('prototype', custom.call(MessagePort.prototype) === MessagePort.prototype);
const other = { x: 1 };
console.log('other', custom.call(other) === other);
console.log(util.inspect(Object.create(MessagePort.prototype)));
console.log(util.inspect({ nested: { deeper: { port: port1 } } }, { depth: 1 }));
port1.close();
console.log('closing', shown(custom.call(port1)), port1.hasRef());
port2.close(() => {
  console.log('in its close', shown(custom.call(port2)), port2.hasRef());
  setImmediate(() => console.log('after its close', shown(custom.call(port2)), util.inspect(port2, { depth: -1 })));
});

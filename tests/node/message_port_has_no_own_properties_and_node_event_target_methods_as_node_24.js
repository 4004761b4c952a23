// node tests/node/message_port_has_no_own_properties_and_node_event_target_methods_as_node_24.js > tests/node/message_port_has_no_own_properties_and_node_event_target_methods_as_node_24.out (recorded with Node 24)
// A MessagePort is a NodeEventTarget (lib/internal/event_target.js): its
// listeners are not own properties (no _events, _eventsCount or
// _maxListeners), emit dispatches one value and never throws, once leaves
// its type among the event names, removeAllListeners keeps the port's
// reference, and the methods check their receiver. Also for a worker's
// parentPort.
'use strict';
const EventEmitter = require('events');
const { MessageChannel, MessagePort, Worker, isMainThread, parentPort } = require('worker_threads');

const own = (port) => [Object.getOwnPropertyNames(port), Object.keys(port), '_events' in port, '_maxListeners' in port, '_eventsCount' in port];

if (!isMainThread) {
  parentPort.postMessage(JSON.stringify([own(parentPort), parentPort instanceof EventEmitter, parentPort.eventNames(), parentPort.listenerCount('message')]));
  parentPort.on('message', (m) => {
    parentPort.postMessage(JSON.stringify([m, own(parentPort), parentPort.eventNames(), parentPort.listenerCount('message')]));
    parentPort.close();
  });
  return;
}

const { port1, port2 } = new MessageChannel();
console.log('fresh', own(port1), port1.eventNames(), port1.listenerCount('newListener'));
console.log('instanceof EventEmitter', port1 instanceof EventEmitter);
const f = () => {};
console.log('on returns the port', port1.on('message', f) === port1, port1.listenerCount('message'), port1.eventNames());
console.log('after on', own(port1));
port1.on('newListener', (name) => console.log('newListener called', name));
port1.on('x', function (a, b) { console.log('x', this === port1, a, b); });
console.log('emit x', port1.emit('x', 1, 2), 'emit none', port1.emit('none'));
console.log('emit error with no listener', port1.emit('error', new Error('boom')));
try { port1.emit(1); } catch (e) { console.log(e.code, e.message); }
port1.once('w', (v) => console.log('once', v));
port1.emit('w', 3);
port1.emit('w', 4);
console.log('after once', port1.eventNames(), port1.listenerCount('w'));
port1.on('a', f); port1.once('a', f); port1.on('a', f);
console.log('duplicates', port1.listenerCount('a'));
port1.off('a', f);
console.log('off', port1.eventNames(), port1.listenerCount('a'));
console.log('setMaxListeners returns', port1.setMaxListeners(3), port1.getMaxListeners());
try { port1.setMaxListeners(-1); } catch (e) { console.log(e.code, e.message); }
try { port1.on('y', 5); } catch (e) { console.log(e.code, e.message); }
try { port1.on(Symbol('s'), f); } catch (e) { console.log(e.name, e.message); }
for (const m of ['on', 'once', 'off', 'removeListener', 'emit', 'listenerCount', 'eventNames', 'removeAllListeners', 'getMaxListeners']) {
  try { MessagePort.prototype[m].call({}, 'x', f); } catch (e) { console.log(m, e.code, e.message); }
}
console.log('prototype has', ['prependListener', 'listeners', 'rawListeners', 'prependOnceListener'].map((m) => typeof port1[m]));
console.log('getEventListeners', EventEmitter.getEventListeners(port1, 'message').length, EventEmitter.getEventListeners(port1, 'message')[0] === f);
port1.removeAllListeners('x');
console.log('removeAllListeners(x)', port1.eventNames());
port1.removeAllListeners();
console.log('removeAllListeners()', port1.eventNames(), port1.hasRef(), own(port1));
port1.close();

const w = new Worker(__filename);
w.once('message', (m) => {
  console.log('parentPort', m);
  w.once('message', (m2) => console.log('parentPort after on', m2));
  w.postMessage('hi');
});

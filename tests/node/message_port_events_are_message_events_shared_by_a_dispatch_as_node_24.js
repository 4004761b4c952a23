// node tests/node/message_port_events_are_message_events_shared_by_a_dispatch_as_node_24.js > tests/node/message_port_events_are_message_events_shared_by_a_dispatch_as_node_24.out (recorded with Node 24)
// What a MessagePort's onmessage and 'message' event listeners get is a
// MessageEvent (Node's kCreateEvent, lib/internal/worker/io.js: new
// MessageEvent(type, { data, ports }), the port its target): no own
// enumerable keys, Event's getters, being dispatched (eventPhase 2,
// currentTarget the port) until the first listener that takes it returns;
// one event per dispatch, shared by the listeners that take one (a listener
// added with on() gets the data). The same for a port whose one listener is
// its onmessage, whose messages after the first the host delivers itself.
const { port1, port2 } = new MessageChannel();
let saved;
port1.onmessage = (e) => {
  console.log('keys', Object.keys(e), 'own', Object.getOwnPropertyNames(e));
  console.log('class', e.constructor.name, Object.prototype.toString.call(e), e instanceof MessageEvent, e instanceof Event);
  console.log('fields', e.data, e.type, e.target === port1, Array.isArray(e.ports), e.ports.length, JSON.stringify(e.origin), JSON.stringify(e.lastEventId), e.source);
  console.log('event', e.isTrusted, e.bubbles, e.cancelable, e.eventPhase, e.currentTarget === port1, e.defaultPrevented);
  e.mark = e.data;
  saved = e;
};
port1.addEventListener('message', (e) => console.log('addEventListener', e === saved, e.mark, e.eventPhase, e.currentTarget === null));
port1.on('message', (v) => console.log('on', v));
port2.postMessage(1);
const c = new MessageChannel();
let n = 0;
let last;
c.port1.onmessage = (e) => {
  n++;
  if (last) console.log('previous event now', last.eventPhase, last.currentTarget, last.target === c.port1);
  last = e;
  console.log('onmessage', e.data, e.eventPhase, e instanceof MessageEvent, Object.prototype.toString.call(e), e.ports.length, Object.keys(e).length);
  if (n === 3) { c.port1.close(); port1.close(); }
};
c.port2.postMessage('a');
c.port2.postMessage('b');
c.port2.postMessage('c');

// node tests/node/message_event_and_close_event_are_not_cloneable_as_node_24.js > tests/node/message_event_and_close_event_are_not_cloneable_as_node_24.out (recorded with Node 24)
// Node 24's undici marks its MessageEvent and CloseEvent uncloneable:
// structuredClone and postMessage of one (a port's own MessageEvent too,
// which the host makes for messages after the first) throw DataCloneError;
// an Event, an EventTarget and a class with private fields clone as plain
// objects.
const show = (f) => { try { return JSON.stringify(f()); } catch (e) { return `${e.name}: ${e.message} ${e.code ?? ''}`; } };
class A { #x = 1; y = 2; }
console.log(show(() => structuredClone(new A())));
console.log(show(() => structuredClone(new Event('x'))));
console.log(show(() => structuredClone(new EventTarget())));
console.log(show(() => structuredClone(new AbortController())));
console.log(show(() => structuredClone(new CloseEvent('x'))));
console.log(show(() => structuredClone({ a: new MessageEvent('x') })));
const { port1, port2 } = new MessageChannel();
let n = 0;
port1.onmessage = (e) => {
  console.log(n, show(() => structuredClone(e)));
  try { port1.postMessage(e); } catch (err) { console.log(err.name, err.message, err.code); }
  if (++n === 3) port1.close(); else port2.postMessage(n);
};
port2.postMessage(0);

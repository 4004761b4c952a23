// node tests/node/message_port_message_event_inspect_time_stamp_and_frozen_ports_as_node_24.js > tests/node/message_port_message_event_inspect_time_stamp_and_frozen_ports_as_node_24.out (recorded with Node 24)
// (Also: the own symbol-keyed properties of an event, Node's kType first.)
// A MessagePort's MessageEvent, observed from its onmessage (the first
// message delivered the general way, the next ones by the host itself,
// node/port_fire.rs) and from an addEventListener listener: util.inspect's
// output, Event's getters and methods on it, its timeStamp read from Node's
// own clock (not a replaced performance.now), and its ports: a frozen array,
// a new one for each event (Node's kCreateEvent gives each message its own;
// undici's MessageEvent freezes it).
const util = require('util');
const realNow = performance.now;
performance.now = () => -1;
const shown = (e) => util.inspect(e, { breakLength: Infinity }).replace(/timeStamp: [\d.e+-]+/, 'timeStamp: <number>');
function observe(label, e, port, prev) {
  console.log(label, shown(e));
  console.log(' proto', Object.getPrototypeOf(e) === MessageEvent.prototype, Object.isExtensible(e), Object.keys(e).length, Object.getOwnPropertyNames(e).length);
  console.log(' symbols', Object.getOwnPropertySymbols(e).map(String).join(), Reflect.ownKeys(e).length);
  console.log(' time', typeof e.timeStamp, e.timeStamp >= 0, prev ? e.timeStamp >= prev.timeStamp : 'first');
  console.log(' ports', Array.isArray(e.ports), e.ports.length, Object.isFrozen(e.ports), e.ports === e.ports, prev ? e.ports === prev.ports : 'first');
  try { e.ports.push(1); console.log(' push', e.ports.length); } catch (err) { console.log(' push', err.name); }
  console.log(' target', e.target === port, e.srcElement === port, e.currentTarget === port, e.composedPath().length, e.composedPath()[0] === port);
  console.log(' flags', e.returnValue, e.cancelBubble, e.defaultPrevented, e.bubbles, e.composed, e.cancelable, e.isTrusted, e.eventPhase);
  e.preventDefault();
  e.stopImmediatePropagation();
  console.log(' after', e.returnValue, e.cancelBubble, e.defaultPrevented);
  e.initEvent('changed', true, true);
  console.log(' init', e.type, e.bubbles, e.cancelable);
  console.log(' nested', util.inspect({ e }, { depth: 0 }), util.inspect([e], { depth: -1 }));
}
for (const e of [new Event('a'), new MessageEvent('b', { data: 1 }), new CustomEvent('c', { detail: 2 })]) {
  console.log('made', e.type, Object.getOwnPropertySymbols(e).map(String).join(), shown(e));
}
const { port1, port2 } = new MessageChannel();
let n = 0;
let prev;
port1.onmessage = function (e) {
  n++;
  observe(`onmessage ${n}`, e, this, prev);
  prev = e;
  if (n < 3) port2.postMessage(n);
  else {
    port1.close();
    setImmediate(() => {
      console.log('later', prev.eventPhase, prev.currentTarget === null, prev.composedPath().length, prev.target === port1, shown(prev));
      second();
    });
  }
};
port2.postMessage(0);
function second() {
  const c = new MessageChannel();
  let m = 0;
  let last;
  c.port1.addEventListener('message', (e) => {
    m++;
    observe(`listener ${m}`, e, c.port1, last);
    last = e;
    if (m < 2) c.port2.postMessage(m);
    else {
      c.port1.close();
      performance.now = realNow;
    }
  });
  c.port1.start();
  c.port2.postMessage('x');
}

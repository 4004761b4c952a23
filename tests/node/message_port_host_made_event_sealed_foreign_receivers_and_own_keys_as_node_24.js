// node tests/node/message_port_host_made_event_sealed_foreign_receivers_and_own_keys_as_node_24.js > tests/node/message_port_host_made_event_sealed_foreign_receivers_and_own_keys_as_node_24.out (recorded with Node 24)
// A MessagePort's MessageEvent as its onmessage sees it (the messages after
// the first are made by the host itself, node/message_event.rs, whose state
// stays in Rust until read): made non-extensible and sealed before any
// getter reads it, its getters and methods still work; Event's and
// MessageEvent's members called on it through another receiver, and on
// foreign receivers, throw Node's errors; its own keys, spread, assign and
// JSON; the data getter's descriptor.
const util = require('util');
const show = (f) => { try { const v = f(); return typeof v === 'object' && v !== null ? util.inspect(v, { breakLength: Infinity }) : String(v); } catch (e) { return `${e.name}: ${e.message} ${e.code ?? ''}`; } };
const dataGet = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data');
console.log('data', typeof dataGet.get, dataGet.get.name, dataGet.get.length, dataGet.set, dataGet.enumerable, dataGet.configurable, 'prototype' in dataGet.get);
const getter = (C, name) => Object.getOwnPropertyDescriptor(C.prototype, name).get;
const { port1, port2 } = new MessageChannel();
let n = 0;
const seen = [];
port1.onmessage = function (e) {
  n++;
  if (n === 2) Object.preventExtensions(e);
  if (n === 3) Object.seal(e);
  console.log(n, 'extensible', Object.isExtensible(e), 'sealed', Object.isSealed(e), 'frozen', Object.isFrozen(e));
  console.log(' data', show(() => e.data), show(() => e.origin), JSON.stringify(e.lastEventId), show(() => e.source), show(() => e.ports), Object.isFrozen(e.ports));
  console.log(' is', e instanceof MessageEvent, e instanceof Event, Object.prototype.toString.call(e), e.constructor.name, typeof e.timeStamp);
  console.log(' keys', Object.keys(e).length, Reflect.ownKeys(e).map(String).join(), JSON.stringify(e), Object.getOwnPropertySymbols({ ...e }).length, Object.getOwnPropertySymbols(Object.assign({}, e)).length);
  console.log(' desc', Reflect.ownKeys(e).map((k) => { const d = Object.getOwnPropertyDescriptor(e, k); return `${String(k)} ${d.value === this ? 'port' : d.value} ${d.writable} ${d.enumerable} ${d.configurable}`; }).join(', '));
  console.log(' getters', show(() => getter(MessageEvent, 'data').call(e)), show(() => getter(Event, 'type').call(e)), show(() => getter(Event, 'timeStamp').call(e) === e.timeStamp), show(() => getter(MessageEvent, 'origin').call(e)));
  console.log(' foreign', show(() => getter(MessageEvent, 'data').call({})), show(() => getter(MessageEvent, 'data').call(1)), show(() => getter(MessageEvent, 'data').call(new Event('x'))));
  console.log(' foreign event', show(() => getter(Event, 'cancelable').call({})), show(() => getter(Event, 'timeStamp').call(new MessageChannel().port1)), show(() => Event.prototype.preventDefault.call(null)));
  console.log(' reflect', show(() => Reflect.get(MessageEvent.prototype, 'data', e)), show(() => Reflect.get(Event.prototype, 'bubbles', e)), show(() => Reflect.get(MessageEvent.prototype, 'data', seen[0] ?? e) === (seen[0] ?? e).data));
  e.stopPropagation();
  console.log(' flags', e.cancelBubble, e.defaultPrevented, e.returnValue, e.eventPhase, e.currentTarget === this, e.target === this);
  e.cancelBubble = false;
  e.returnValue = false;
  console.log(' after', e.cancelBubble, e.defaultPrevented, e.returnValue, util.inspect(e).replace(/timeStamp: [\d.e+-]+/, 'timeStamp: <number>'));
  seen.push(e);
  if (n < 4) port2.postMessage(n === 1 ? 'str' : n === 2 ? { o: n } : null);
  else {
    port1.close();
    setImmediate(() => {
      for (const old of seen) console.log('later', show(() => old.data), old.eventPhase, old.currentTarget, old.cancelBubble, Object.isExtensible(old), Reflect.ownKeys(old).length);
    });
  }
};
port2.postMessage(0);

// node tests/node/message_port_is_an_event_target_as_node_24.js > tests/node/message_port_is_an_event_target_as_node_24.out (recorded with Node 24)
// A MessagePort is an EventTarget: MessagePort.prototype inherits from
// NodeEventTarget.prototype and EventTarget.prototype (lib/internal/
// worker/io.js), and EventTarget.prototype's addEventListener,
// removeEventListener and dispatchEvent work on it with their options
// (capture, once, signal), a dispatched event reaching listeners added with
// on() as their value, and emit() giving the others a CustomEvent.
'use strict';
const events = require('events');
const { MessageChannel, MessagePort } = require('worker_threads');

process.on('warning', (w) => console.log('warning', w.name, w.message, w.type));
const { port1, port2 } = new MessageChannel();
const chain = [];
for (let p = port1; p; p = Object.getPrototypeOf(p)) chain.push(Object.hasOwn(p, 'constructor') ? p.constructor.name : '(port)');
console.log('chain', chain.join(' -> '));
console.log('instanceof', port1 instanceof EventTarget, port1 instanceof MessagePort, Object.getPrototypeOf(MessagePort).name, Object.getPrototypeOf(Object.getPrototypeOf(MessagePort)) === EventTarget);
console.log('toString', Object.prototype.toString.call(port1));
console.log('same methods', port1.addEventListener === EventTarget.prototype.addEventListener, port1.removeEventListener === EventTarget.prototype.removeEventListener, port1.dispatchEvent === EventTarget.prototype.dispatchEvent);
for (const proto of [MessagePort.prototype, Object.getPrototypeOf(MessagePort.prototype)]) {
  console.log(Object.getOwnPropertyNames(proto).map((k) => `${k}${Object.getOwnPropertyDescriptor(proto, k).enumerable ? '' : '(hidden)'}`).join(' '));
}
console.log('lengths', port1.off.length, port1.removeListener.length);

const seen = (name) => function (e) {
  console.log(name, typeof e === 'object' && e !== null ? `${e.constructor.name} ${e.type} target=${e.target === port1} current=${e.currentTarget === port1} phase=${e.eventPhase} detail=${e.detail}` : e, this === port1);
};
const f = seen('f');
EventTarget.prototype.addEventListener.call(port1, 'foo', f);
port1.on('foo', seen('on'));
console.log('count', port1.listenerCount('foo'), port1.eventNames());
const ev = new Event('foo', { cancelable: true });
console.log('dispatchEvent', port1.dispatchEvent(ev), ev.target === port1, ev.eventPhase);
console.log('emit', port1.emit('foo', 42));
port1.addEventListener('foo', f);
port1.addEventListener('foo', f, true);
console.log('capture is another listener', port1.listenerCount('foo'));
port1.removeEventListener('foo', f, { capture: true });
console.log('capture removed', port1.listenerCount('foo'));
port1.removeEventListener('foo', f);
console.log('removed', port1.listenerCount('foo'), port1.eventNames());

port1.addEventListener('once', seen('once'), { once: true });
port1.dispatchEvent(new Event('once'));
port1.dispatchEvent(new Event('once'));
console.log('once gone', port1.listenerCount('once'));

const ac = new AbortController();
port1.addEventListener('sig', seen('sig'), { signal: ac.signal });
console.log('with signal', port1.listenerCount('sig'));
ac.abort();
console.log('aborted', port1.listenerCount('sig'));
port1.addEventListener('sig', seen('sig2'), { signal: AbortSignal.abort() });
console.log('aborted already', port1.listenerCount('sig'));

port1.addEventListener('stop', (e) => { console.log('stop 1'); e.stopImmediatePropagation(); });
port1.addEventListener('stop', () => console.log('stop 2 (not called)'));
port1.on('stop', () => console.log('stop 3 (not called)'));
port1.dispatchEvent(new Event('stop'));
port1.addEventListener('cancel', (e) => e.preventDefault());
console.log('not canceled', port1.dispatchEvent(new Event('cancel')), 'canceled', port1.dispatchEvent(new Event('cancel', { cancelable: true })));

port1.addEventListener('obj', { handleEvent(e) { console.log('handleEvent', e.type, this !== port1); } });
port1.emit('obj', 1);

port1.addEventListener('nested', (e) => {
  try { port1.dispatchEvent(e); } catch (err) { console.log(err.code, err.message); }
});
port1.dispatchEvent(new Event('nested'));
for (const bad of [[], [{}], [null]]) {
  try { port1.dispatchEvent(...bad); } catch (err) { console.log(err.code, err.message); }
}
try { port1.addEventListener('x'); } catch (err) { console.log(err.code, err.message); }
try { port1.addEventListener(Symbol('s'), f); } catch (err) { console.log(err.name, err.message); }
try { port1.addEventListener('x', f, 5); } catch (err) { console.log(err.code, err.message); }
port1.addEventListener('x', null);
port1.on('x', undefined);
try { EventTarget.prototype.dispatchEvent.call({}, new Event('x')); } catch (err) { console.log(err.code, err.message); }

console.log('getEventListeners', events.getEventListeners(port1, 'obj').length, events.getEventListeners(port1, 'nested').length);
events.setMaxListeners(1, port1);
console.log('max', port1.getMaxListeners(), events.getMaxListeners(port1));
port1.addEventListener('many', () => {});
port1.addEventListener('many', () => {});

// A message: a MessageEvent to addEventListener's listener, the value to
// on()'s; a dispatched MessageEvent reaches both as the event itself.
port2.addEventListener('message', (e) => console.log('message event', e.constructor.name, e.data, e.target === port2));
port2.on('message', (v) => console.log('message value', typeof v === 'object' ? `${v.constructor.name} ${v.data}` : v));
port2.onmessage = (e) => console.log('onmessage', e.constructor.name, e.data);
port2.dispatchEvent(new MessageEvent('message', { data: 'dispatched' }));
port2.addEventListener('close', (e) => console.log('close event', e.constructor.name, e.type, e.target === port2));
port2.on('close', (e) => console.log('close value', e.constructor.name));
port1.postMessage('posted');
setTimeout(() => { port1.close(); }, 10);

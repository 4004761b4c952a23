// node tests/node/event_emitter_add_and_remove_listener_fields_and_events_as_node_24.js > tests/node/event_emitter_add_and_remove_listener_fields_and_events_as_node_24.out (recorded with Node 24)
// EventEmitter's addListener/on and removeListener/off (lib/events.js):
// what `_events` and `_eventsCount` hold after each step (one listener is
// the function itself, more an array, the last removal a fresh `_events`),
// 'newListener' and 'removeListener' events and what they are given (a
// once() wrapper's listener), removal by the listener a once() wrapped,
// types that are not strings, listeners that are not functions, `this`
// values that are not emitters, and a stream's events kept as keys.
'use strict';
const { EventEmitter } = require('events');
const { Readable } = require('stream');
const log = (...a) => console.log(...a);
const P = EventEmitter.prototype;
log(P.on === P.addListener, P.off === P.removeListener, P.addListener.name, P.addListener.length, P.removeListener.name, P.removeListener.length);
log(Reflect.ownKeys(P.addListener), Reflect.ownKeys(P.removeListener), P.on.prototype.constructor === P.on);
const shape = (e) => {
  const ev = e._events;
  return JSON.stringify(Object.keys(ev).map((k) => [k, ev[k] === undefined ? 'undefined' : typeof ev[k] === 'function' ? ev[k].name || 'fn' : ev[k].map((f) => f.name || 'fn')])) + ' count=' + e._eventsCount;
};
const e = new EventEmitter();
function a() {} function b() {} function c() {}
log(e.on('x', a) === e, shape(e));
e.on('x', b); log(shape(e));
e.on('y', c); log(shape(e));
e.removeListener('x', a); log(shape(e));
e.removeListener('x', a); log(shape(e));
const before = e._events;
e.removeListener('x', b); log(shape(e), e._events === before);
e.removeListener('y', c); log(shape(e), e._events === before, Object.getPrototypeOf(e._events));
log(e.removeListener('nothing', a) === e, e.off('y', c) === e);

// The same listener twice: the latest goes first.
const t = new EventEmitter();
t.on('t', a); t.on('t', a); t.on('t', b); t.removeListener('t', a); log(shape(t));
t.removeListener('t', b); log(shape(t)); t.removeListener('t', a); log(shape(t));

// once() wrappers: removed by the wrapped listener, reported as it.
const o = new EventEmitter();
o.on('removeListener', (type, l) => log('removeListener event', String(type), l.name || typeof l));
o.on('newListener', (type, l) => log('newListener event', String(type), l.name || typeof l));
o.once('w', a); log(shape(o));
o.removeListener('w', a); log(shape(o));
o.once('w', a); o.on('w', b); log(shape(o));
o.removeListener('w', a); log(shape(o));
o.removeListener('w', b); log(shape(o));
o.on('w', c); o.emit('w'); o.removeListener('w', c);
o.once('v', a); o.emit('v'); log(shape(o));

// A 'newListener' listener that adds another listener of the same type.
const n = new EventEmitter();
let once = true;
n.on('newListener', (type) => { if (once && type === 'z') { once = false; n.on('z', b); } });
n.on('z', a); log(shape(n));

// Types that are not strings.
const ty = new EventEmitter();
const sym = Symbol('s');
ty.on(sym, a); ty.on(1, b); ty.on(null, c);
log(Reflect.ownKeys(ty._events).map(String), ty._eventsCount);
ty.removeListener(sym, a); ty.removeListener('1', b); ty.removeListener('null', c);
log(Reflect.ownKeys(ty._events).map(String), ty._eventsCount);
const key = { toString() { log('toString'); return 'k'; } };
ty.on(key, a); ty.removeListener(key, a); log(ty._eventsCount);

// Listeners that are not functions, and `this` values that are not emitters.
for (const bad of [undefined, null, 1, 'f', {}]) {
  try { e.on('x', bad); } catch (err) { log('on', err.code); }
  try { e.removeListener('x', bad); } catch (err) { log('removeListener', err.code); }
}
const plain = { _events: { __proto__: null }, _eventsCount: 0 };
P.on.call(plain, 'p', a); log(typeof plain._events.p, plain._eventsCount);
P.removeListener.call(plain, 'p', a); log(typeof plain._events.p, plain._eventsCount, Object.keys(plain._events));
const bare = {};
P.on.call(bare, 'q', a); log(Object.keys(bare), bare._eventsCount);
log(P.removeListener.call({}, 'q', a) !== undefined);
for (const v of [1, 'str']) {
  try { log(typeof P.removeListener.call(v, 'x', a)); } catch (err) { log(typeof v, err.name); }
}
for (const v of [null, undefined]) {
  try { P.on.call(v, 'x', a); } catch (err) { log('on', String(v), err.name); }
  try { P.removeListener.call(v, 'x', a); } catch (err) { log('off', String(v), err.name); }
}

// A stream lays out its events in advance: removed names stay as keys.
const r = new Readable({ read() {} });
const keys0 = Object.keys(r._events);
r.on('end', a); r.on('close', b);
r.removeListener('end', a); r.removeListener('close', b);
log(keys0.join(','), '|', shape(r));
r.removeAllListeners(); log(Object.keys(r._events).length);
log(new EventEmitter().listenerCount('x'), o.listenerCount('removeListener'));

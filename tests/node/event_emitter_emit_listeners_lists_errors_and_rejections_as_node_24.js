// node tests/node/event_emitter_emit_listeners_lists_errors_and_rejections_as_node_24.js > tests/node/event_emitter_emit_listeners_lists_errors_and_rejections_as_node_24.out (recorded with Node 24)
// EventEmitter.prototype.emit (lib/events.js): one listener and lists of
// them, listeners added and removed during an emit, once() wrappers,
// 'error' with and without listeners and errorMonitor, types that are not
// strings, `this` values that are not emitters, a throw from a listener of
// a list (the list is still replaced by a later add), captureRejections,
// and what emit returns and passes.
'use strict';
const { EventEmitter, errorMonitor } = require('events');
const log = (...a) => console.log(...a);
const emit = EventEmitter.prototype.emit;
log('emit', typeof emit, emit.name, emit.length, Reflect.ownKeys(emit), Object.getOwnPropertyDescriptor(emit, 'prototype'), emit.prototype.constructor === emit);

const e = new EventEmitter();
log('none', e.emit('x'), e.emit('x', 1, 2));
e.on('x', function (...args) { log('x1', this === e, args.length, args.join(',')); return 5; });
log('one', e.emit('x'), e.emit('x', 'a'), e.emit('x', 'a', 'b', 'c', 'd', 'e'));
e.on('x', (...args) => log('x2', args.join(',')));
log('two', e.emit('x', 1, 2));

// Added and removed during an emit: the emit calls the listeners it began with.
const d = new EventEmitter();
const late = () => log('late');
const second = () => log('second (removed by first, still called)');
d.on('y', () => { log('first'); d.on('y', late); d.removeListener('y', second); });
d.on('y', second);
d.emit('y');
log('after', d.listenerCount('y'));
d.emit('y');

// once() inside a list and alone.
const o = new EventEmitter();
o.once('z', (v) => log('once a', v));
o.on('z', (v) => log('on b', v));
o.once('z', (v) => log('once c', v));
log(o.emit('z', 1), o.emit('z', 2), o.emit('z', 3), o.listenerCount('z'));
const o2 = new EventEmitter();
o2.once('w', (v) => log('single once', v));
log(o2.emit('w', 1), o2.emit('w', 2));

// A listener of a list that throws: the rest are not called, and the list is
// not left marked as being emitted (a later add changes it in place).
const t = new EventEmitter();
const keep = () => log('t2');
t.on('t', () => { throw new Error('t1 throws'); });
t.on('t', keep);
try { t.emit('t'); } catch (err) { log('caught', err.message); }
const listBefore = t.rawListeners('t').length;
t.on('t', () => log('t3'));
t.removeAllListeners('t');
t.on('t', keep);
t.emit('t');
log('list', listBefore);
// A lone listener that throws.
const t2 = new EventEmitter();
t2.on('u', () => { throw new TypeError('alone'); });
try { t2.emit('u', 1); } catch (err) { log('caught', err.name, err.message); }

// 'error': listeners, errorMonitor, none (an Error is thrown as is, anything
// else wrapped).
const er = new EventEmitter();
er.on(errorMonitor, (err) => log('monitor', err.message));
try { er.emit('error', new Error('no listener')); } catch (err) { log('thrown', err.message); }
er.on('error', (err) => log('error listener', err.message));
log(er.emit('error', new Error('heard')));
const er2 = new EventEmitter();
try { er2.emit('error', 'a string'); } catch (err) { log('thrown', err.code, err.message, err.context); }
try { er2.emit('error'); } catch (err) { log('thrown', err.code, err.message); }
try { er2.emit('error', { message: 'obj' }); } catch (err) { log('thrown', err.code, err.message); }

// Types that are not strings.
const ty = new EventEmitter();
const sym = Symbol('s');
ty.on(sym, (v) => log('symbol', v));
ty.on(42, (v) => log('number 42', v));
ty.on('null', (v) => log('null key', v));
ty.on('[object Object]', (v) => log('object key', v));
log(ty.emit(sym, 1), ty.emit(42, 2), ty.emit('42', 3), ty.emit(null, 4), ty.emit({}, 5), ty.emit(undefined, 6));
const keyed = { toString() { log('toString runs'); return 'null'; } };
log(ty.emit(keyed, 7));

// `this` that is not an emitter.
log(emit.call({}, 'x'), emit.call({ _events: { x: () => log('plain object listener') } }, 'x'));
for (const v of [1, 'str', true]) {
  try { log(typeof v, emit.call(v, 'x')); } catch (err) { log(typeof v, err.name); }
}
for (const v of [null, undefined]) {
  try { emit.call(v, 'x'); } catch (err) { log(String(v), err.name); }
}
const nullEvents = new EventEmitter();
nullEvents._events = null;
try { nullEvents.emit('x'); } catch (err) { log('null _events', err.name); }
const getterEvents = { get _events() { log('_events read'); return { x: () => log('getter listener') }; } };
log(emit.call(getterEvents, 'x'));

// captureRejections: a listener's rejected promise becomes 'error' (or the
// Symbol.for('nodejs.rejection') method), a tick later.
const cr = new EventEmitter({ captureRejections: true });
cr.on('p', async (v) => { throw new Error('rejected ' + v); });
cr.on('error', (err) => log('captured', err.message));
log('cr emit', cr.emit('p', 1));
const cr2 = new EventEmitter({ captureRejections: true });
cr2.on('q', async () => { throw new Error('list rejection'); });
cr2.on('q', () => 'not a promise');
cr2[Symbol.for('nodejs.rejection')] = (err, type, ...args) => log('rejection method', err.message, type, args.join(','));
log('cr2 emit', cr2.emit('q', 'a', 'b'));
const plain = new EventEmitter();
plain.on('r', async () => 'fine');
log('plain', plain.emit('r'));

// The stack of an error made in a listener has no emit frame of jsloop's.
const st = new EventEmitter();
st.on('s', function named() { const lines = new Error('x').stack.split('\n'); log(lines[1].includes('named'), lines.some((l) => l.includes('events.js'))); });
st.emit('s');
process.on('exit', () => log('exit'));

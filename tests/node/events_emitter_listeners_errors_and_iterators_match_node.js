// Recorded with: node tests/node/events_emitter_listeners_errors_and_iterators_match_node.js > tests/node/events_emitter_listeners_errors_and_iterators_match_node.out
// EventEmitter as Node 24 has it: listener order and the _events layout (one
// function or an array), newListener/removeListener, once wrappers, errors
// and their codes, errorMonitor, captureRejections, the MaxListeners warning,
// shape mode, and the static once/on/getEventListeners/getMaxListeners/
// addAbortListener on emitters, EventTargets and AbortSignals.
const E = require('events');
const log = (...a) => console.log(...a);
process.on('warning', (w) => log('warning', w.name, w.message, w.type, w.count));
const util = require('util');
const e = new E();
const a = function a() { log('a', [...arguments]); }, b = function b() { log('b'); }, c = function c() { log('c'); };
e.on('newListener', (t, l) => log('newListener', String(t), l.name));
e.on('removeListener', (t, l) => log('removeListener', String(t), l.name));
e.on('x', a); e.on('x', b); e.prependListener('x', c); e.once('x', function o() { log('o'); });
log(util.inspect(e._events.x), e._eventsCount, e.listenerCount('x'), e.listenerCount('x', a));
log(e.emit('x', 1, 2), e.emit('none'));
e.on('y', function rm() { e.removeListener('y', b2); log('rm'); }); const b2 = () => log('b2'); e.on('y', b2); e.emit('y'); e.emit('y');
log(util.inspect(e, { depth: 4 }));
e.removeAllListeners('x'); log(e.eventNames().map(String));
e.removeAllListeners(); log(util.inspect(e));
try { e.emit('error', 'str'); } catch (x) { log(x.name, x.code, x.message, x.context); }
try { e.emit('error', new TypeError('t')); } catch (x) { log(x.name, x.message); }
const m = new E(); m.on(E.errorMonitor, (er) => log('monitor', er.message)); m.on('error', (er) => log('handled', er.message)); m.emit('error', new Error('boom'));
try { e.on('x', null); } catch (x) { log(x.code, x.message); }
try { e.setMaxListeners('x'); } catch (x) { log(x.code, x.message); }
try { e.setMaxListeners(NaN); } catch (x) { log(x.code, x.message); }
try { E.defaultMaxListeners = -1; } catch (x) { log(x.code, x.message); }
try { new E({ captureRejections: 1 }); } catch (x) { log(x.code, x.message); }
try { E.setMaxListeners(1, {}); } catch (x) { log(x.code, x.message); }
try { E.getEventListeners({}, 'x'); } catch (x) { log(x.code, x.message); }
log(E.defaultMaxListeners, e.getMaxListeners(), E.getMaxListeners(e), E.listenerCount(e, 'x'));
log(Object.getOwnPropertyNames(E.prototype).join(','), E.name, E.length, E.prototype.on === E.prototype.addListener, E.prototype.off === E.prototype.removeListener);
const w = new E(); w.setMaxListeners(2); for (let i = 0; i < 4; i++) w.on('many', () => {});
log(w._events.many.warned, w.rawListeners('many').length);
const r = new E(); r.once('q', function orig() {}); log(r.rawListeners('q')[0].name, r.rawListeners('q')[0].listener.name, r.listeners('q')[0].name);
function Sub() { E.call(this); } Object.setPrototypeOf(Sub.prototype, E.prototype); const s = new Sub(); s.on('k', () => log('sub k')); s.emit('k');
const shaped = Object.create(E.prototype); shaped._events = { __proto__: null, close: undefined, data: undefined }; E.call(shaped); shaped.on('data', a); log(shaped.eventNames(), shaped._eventsCount); shaped.off('data', a); log(Object.keys(shaped._events), shaped._eventsCount);
const cap = new E({ captureRejections: true }); cap.on('ev', async () => { throw new Error('rejected'); }); cap.on('error', (er) => log('captured', er.message)); cap.emit('ev');
const cap2 = new E({ captureRejections: true }); cap2[E.captureRejectionSymbol] = (er, t, ...args) => log('rejection sym', er.message, t, args); cap2.on('ev', async () => { throw new Error('r2'); }); cap2.emit('ev', 7);
(async () => {
  const o = new E();
  setTimeout(() => o.emit('go', 1, 2), 1);
  log('once', await E.once(o, 'go'));
  setTimeout(() => o.emit('error', new Error('oops')), 1);
  try { await E.once(o, 'never'); } catch (x) { log('once rejected', x.message, o.listenerCount('never'), o.listenerCount('error')); }
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 1);
  try { await E.once(o, 'never', { signal: ac.signal }); } catch (x) { log('aborted', x.name, x.code, x.message); }
  try { await E.once(o, 'x', 5); } catch (x) { log('bad opts', x.code, x.message); }
  const it = E.on(o, 'tick');
  setTimeout(() => { o.emit('tick', 1); o.emit('tick', 2); o.emit('tick', 3); }, 1);
  let n = 0;
  for await (const v of it) { log('tick', v); if (++n === 3) break; }
  log('after break', o.listenerCount('tick'), o.listenerCount('error'));
  const it2 = E.on(o, 'd', { close: ['end'] });
  setTimeout(() => { o.emit('d', 'a'); o.emit('d', 'b'); o.emit('end'); }, 1);
  for await (const v of it2) log('d', v);
  log('closed');
  const it3 = E.on(o, 'e');
  setTimeout(() => { o.emit('e', 1); o.emit('error', new Error('it err')); }, 1);
  try { for await (const v of it3) log('e', v); } catch (x) { log('iter error', x.message); }
  const et = new EventTarget(); const fn = () => {}; et.addEventListener('foo', fn);
  log(E.getEventListeners(et, 'foo').length, E.getMaxListeners(et), E.listenerCount(et, 'foo'));
  E.setMaxListeners(3, et); log(E.getMaxListeners(et), E.getMaxListeners(new AbortController().signal));
  const ac2 = new AbortController(); ac2.signal.addEventListener('abort', (ev) => ev.stopImmediatePropagation());
  const d = E.addAbortListener(ac2.signal, (ev) => log('abort listener', ev.type)); log(typeof d[Symbol.dispose]); ac2.abort();
  E.addAbortListener(AbortSignal.abort(), () => log('already aborted')); log('sync after addAbortListener');
  setTimeout(() => { const ac3 = new AbortController(); setTimeout(() => ac3.abort(), 1); E.once(new EventTarget(), 'x', { signal: ac3.signal }).catch((x) => log('et once', x.name)); const t = new EventTarget(); setTimeout(() => t.dispatchEvent(new Event('y')), 1); E.once(t, 'y').then(([ev]) => log('et event', ev.type)); }, 5);
})();

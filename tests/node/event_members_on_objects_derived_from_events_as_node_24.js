// node tests/node/event_members_on_objects_derived_from_events_as_node_24.js > tests/node/event_members_on_objects_derived_from_events_as_node_24.out (recorded with Node 24)
// Node 24's Event (lib/internal/event_target.js) checks its receiver with
// isEvent, `typeof value?.[kType] === 'string'`, which an object made with
// Object.create(event) passes through its prototype chain: the members
// that read only symbols (type, target, currentTarget, srcElement,
// eventPhase, composedPath) work, those that read a private field throw
// V8's TypeError for it (bubbles, cancelable, defaultPrevented, timeStamp,
// composed, returnValue, cancelBubble, preventDefault, stopPropagation),
// stopImmediatePropagation calls this.stopPropagation(), the returnValue
// setter does not call preventDefault, initEvent checks nothing first.
// CustomEvent's detail checks isEvent and kDetail. undici's MessageEvent
// and CloseEvent (brandCheck: instanceof) let a derived object through to
// their private #eventInit. Errors: class, code and message.
const show = (label, f) => { try { const v = f(); console.log(label, 'ok', typeof v === 'object' && v !== null ? Object.prototype.toString.call(v) : String(v)); } catch (e) { console.log(label, 'throws', e.constructor.name, e.code, e.message); } };
const ev = new Event('foo', { cancelable: true, bubbles: true });
const d = Object.create(ev);
for (const k of ['type', 'bubbles', 'cancelable', 'defaultPrevented', 'timeStamp', 'eventPhase', 'target', 'currentTarget', 'srcElement', 'composed', 'isTrusted', 'returnValue', 'cancelBubble']) show('Event derived ' + k, () => d[k]);
for (const m of ['preventDefault', 'stopPropagation', 'stopImmediatePropagation', 'composedPath']) show('Event derived ' + m + '()', () => d[m]());
show('Event plain type', () => Reflect.get(Event.prototype, 'type', {}));
show('Event proto type', () => Event.prototype.type);
const me = new MessageEvent('message', { data: 42, origin: 'o', lastEventId: 'l' });
const dm = Object.create(me);
for (const k of ['data', 'origin', 'lastEventId', 'source', 'ports', 'type']) show('MessageEvent derived ' + k, () => dm[k]);
show('MessageEvent plain data', () => Reflect.get(MessageEvent.prototype, 'data', {}));
show('MessageEvent proto data', () => MessageEvent.prototype.data);
show('MessageEvent initMessageEvent derived', () => dm.initMessageEvent('x'));
const ce = new CustomEvent('c', { detail: { x: 1 } });
const dc = Object.create(ce);
show('CustomEvent derived detail', () => dc.detail);
show('CustomEvent derived type', () => dc.type);
show('CustomEvent plain detail', () => Reflect.get(CustomEvent.prototype, 'detail', {}));
show('CustomEvent proto detail', () => CustomEvent.prototype.detail);
show('CustomEvent detail on Event', () => Reflect.get(CustomEvent.prototype, 'detail', new Event('x')));
show('Event type on fake with kType', () => { const e = new Event('q'); const s = Object.getOwnPropertySymbols(e).find(s => s.description === 'type'); const o = { [s]: 'fake' }; return Reflect.get(Event.prototype, 'type', o); });
const sym = Object.getOwnPropertySymbols(ev).map(s => s.description);
console.log('own symbols', sym.join(','));
class Sub extends Event { constructor() { super('sub'); } }
const sub = new Sub();
show('Sub type', () => sub.type);
show('Sub derived type', () => Object.create(sub).type);
show('dispatch derived', () => new EventTarget().dispatchEvent(d));
show('inspect derived', () => require('util').inspect(d).split('\n')[0]);
show('Event toString derived', () => Object.prototype.toString.call(d));
const cl = new CloseEvent('close', { code: 1000 });
show('CloseEvent derived code', () => Object.create(cl).code);
show('CloseEvent plain code', () => Reflect.get(CloseEvent.prototype, 'code', {}));
show('CloseEvent code of MessageEvent', () => Reflect.get(CloseEvent.prototype, 'code', me));
show('derived initEvent', () => { const x = Object.create(new Event('a')); x.initEvent('b'); return x.type; });
show('derived initEvent type set', () => { const x = Object.create(new Event('a')); try { x.initEvent('b'); } catch {} return x.type + ' ' + Object.getOwnPropertySymbols(x).length; });
show('derived returnValue = true', () => { d.returnValue = true; return 'set'; });
show('derived returnValue = false', () => { d.returnValue = false; return 'set'; });
show('derived cancelBubble = false', () => { d.cancelBubble = false; return 'set'; });
show('derived cancelBubble = true', () => { d.cancelBubble = true; return 'set'; });
show('stopImmediatePropagation calls stopPropagation', () => { const e = new Event('x'); let called = 0; e.stopPropagation = () => { called++; }; e.stopImmediatePropagation(); return called + ' ' + e.cancelBubble; });
show('returnValue setter does not call preventDefault', () => { const e = new Event('x', { cancelable: true }); let called = 0; e.preventDefault = () => { called++; }; e.returnValue = false; return called + ' ' + e.defaultPrevented; });
show('Event with proto changed', () => { const e = new Event('x'); Object.setPrototypeOf(e, null); return Reflect.get(Event.prototype, 'bubbles', e); });
show('MessageEvent with proto changed data', () => { const e = new MessageEvent('x', { data: 1 }); Object.setPrototypeOf(e, Event.prototype); return Reflect.get(MessageEvent.prototype, 'origin', e); });
show('CustomEvent with proto changed', () => { const e = new CustomEvent('x', { detail: 5 }); Object.setPrototypeOf(e, Object.prototype); return Reflect.get(CustomEvent.prototype, 'detail', e); });
show('inspect Event.prototype', () => require('util').inspect(Event.prototype));
show('inspect depth -1 derived', () => require('util').inspect({ a: { b: d } }, { depth: 0 }));

// A port's message events (fired by the host itself while the port's one
// listener is its onmessage function, browser/port_fire.rs), kept past their
// dispatch and used again: their state after dispatch, flags set during it,
// initEvent/initMessageEvent on them, dispatching them again, and what
// script can see of the objects (own keys, JSON, structured clone, WeakMap).
// (Not cancelBubble after dispatch: Chromium keeps the stop propagation
// flag set, where the DOM standard's dispatch, Step 9, unsets it.)
const { port1, port2 } = new MessageChannel();
const lines = [];
const log = (s) => lines.push(String(s));
const kept = [];
const seen = new WeakMap();
port2.onmessage = (e) => {
  kept.push(e);
  seen.set(e, e.data);
  if (e.data === 1) { e.cancelBubble = true; log('1 cancelBubble ' + e.cancelBubble); }
  if (e.data === 2) { e.returnValue = false; log('2 returnValue ' + e.returnValue + ' defaultPrevented ' + e.defaultPrevented); }
  if (e.data === 3) { e.stopPropagation(); e.preventDefault(); log('3 cancelBubble ' + e.cancelBubble); }
  if (e.data === 4) { e.initEvent('other', true, true); log('4 in dispatch ' + e.type + ' ' + e.bubbles + ' ' + e.isTrusted); }
  if (e.data === 5) { e.initMessageEvent('other', true, true, 'x'); log('5 in dispatch ' + e.type + ' ' + e.data); }
  if (e.data === 6) { e.foo = 'expando'; }
  if (e.data === 7) {
    log('7 keys ' + Object.keys(e).join() + ' names ' + Object.getOwnPropertyNames(e).join() + ' json ' + JSON.stringify(e));
    const d = Object.getOwnPropertyDescriptor(e, 'isTrusted');
    log('7 isTrusted own ' + typeof d.get + ' ' + d.set + ' ' + d.enumerable + ' ' + d.configurable + ' same getter ' + (d.get === Object.getOwnPropertyDescriptor(kept[0], 'isTrusted').get));
    try { structuredClone(e); log('7 cloned'); } catch (err) { log('7 clone ' + err.name); }
    log('7 toString ' + Object.prototype.toString.call(e) + ' ' + String(e));
  }
  if (e.data === 8) {
    for (const k of kept) log('kept ' + seen.get(k) + ' type ' + k.type + ' data ' + k.data + ' phase ' + k.eventPhase + ' current ' + k.currentTarget + ' target ' + (k.target === port2) + ' returnValue ' + k.returnValue + ' defaultPrevented ' + k.defaultPrevented + ' trusted ' + k.isTrusted + ' path ' + k.composedPath().length + ' foo ' + k.foo + ' weak ' + seen.has(k));
    log('distinct ' + new Set(kept).size + ' of ' + kept.length);
    const first = kept[0];
    first.initMessageEvent('again', false, false, 'init data', 'o', 'id', null, []);
    log('after initMessageEvent ' + first.type + ' ' + first.data + ' ' + first.origin + ' ' + first.lastEventId + ' ' + first.isTrusted + ' ' + first.ports.length);
    const t = new EventTarget();
    t.addEventListener('again', (ev) => log('redispatched ' + ev.type + ' ' + (ev === first) + ' ' + ev.isTrusted + ' phase ' + ev.eventPhase + ' ' + (ev.target === t) + ' ' + ev.data));
    log('dispatchEvent ' + t.dispatchEvent(first) + ' then target ' + (first.target === t) + ' phase ' + first.eventPhase);
    const second = kept[1];
    second.initEvent('plain');
    log('after initEvent ' + second.type + ' ' + second.data + ' ' + second.isTrusted);
    const getter = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data').get;
    log('data getter on kept[2] ' + getter.call(kept[2]));
    try { getter.call(new Event('x')); } catch (err) { log('data getter on Event ' + err.name); }
    try { Object.getOwnPropertyDescriptor(Event.prototype, 'type').get.call({}); } catch (err) { log('type getter on {} ' + err.name); }
    log('type getter on kept[3] ' + Object.getOwnPropertyDescriptor(Event.prototype, 'type').get.call(kept[3]));
    class Sub extends MessageEvent {}
    const s = new Sub('message', { data: 'sub' });
    log('sub ' + (s instanceof Sub) + ' ' + (s instanceof MessageEvent) + ' ' + s.data + ' ' + s.isTrusted + ' ' + Object.getOwnPropertyNames(s).join());
    for (const l of lines) console.log(l);
    console.log('__done__');
  }
};
for (let i = 0; i <= 8; i++) port1.postMessage(i);

// node tests/node/message_event_and_close_event_members_and_checks_as_node_24.js > tests/node/message_event_and_close_event_members_and_checks_as_node_24.out (recorded with Node 24)
// MessageEvent and CloseEvent (undici's in Node 24) as script sees their
// members: enumerable getters and initMessageEvent (which makes a new
// event), a member called on another object is TypeError 'Illegal
// invocation' with code ERR_INVALID_THIS, and the constructors and
// initMessageEvent want one argument (undici's argumentLengthCheck).
const d = (o, k) => { const x = Object.getOwnPropertyDescriptor(o, k); return x ? Object.entries(x).map(([a, b]) => `${a}=${typeof b === 'function' ? 'fn:' + b.name + '/' + b.length : b}`).join(',') : 'none'; };
const show = (f) => { try { return String(f()); } catch (e) { return `${e.name}: ${e.message} ${e.code ?? ''} ${Object.keys(e)}`; } };
console.log('init', d(MessageEvent.prototype, 'initMessageEvent'));
console.log('tag', d(MessageEvent.prototype, Symbol.toStringTag));
console.log('close', ['wasClean', 'code', 'reason'].map((k) => d(CloseEvent.prototype, k)).join(' | '));
console.log(show(() => MessageEvent.prototype.initMessageEvent.call({}, 'x')));
console.log(show(() => new MessageEvent('a').initMessageEvent()));
const e = new MessageEvent('a', { data: 1 });
const f = e.initMessageEvent('b', true, true, 5, 'o', 'id', null, []);
console.log(f === e, f.type, f.bubbles, f.cancelable, f.data, f.origin, f.lastEventId, f.source, f.ports.length, e.type, e.data);
console.log(show(() => Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'ports').get.call(new Event('x'))));
console.log(show(() => Object.getOwnPropertyDescriptor(CloseEvent.prototype, 'code').get.call(new Event('x'))));
console.log(show(() => new MessageEvent()), show(() => new CloseEvent()));
try { MessageEvent.prototype.data; } catch (err) { console.log(err.stack.split('\n')[0]); }
for (const k of ['data', 'ports', 'origin', 'source', 'lastEventId']) console.log(k, d(MessageEvent.prototype, k));
console.log(Reflect.ownKeys(MessageEvent.prototype).map(String).join());
const { port1, port2 } = new MessageChannel();
port1.onmessage = (ev) => {
  const g = ev.initMessageEvent('copy', false, false, ev.data);
  console.log('port event', g.type, g.data, g.ports.length, Object.isFrozen(g.ports), ev.type, show(() => ev.initMessageEvent()));
  port1.close();
};
port2.postMessage('hi');

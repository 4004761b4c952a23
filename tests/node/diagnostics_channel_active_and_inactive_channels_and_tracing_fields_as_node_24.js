// node tests/node/diagnostics_channel_active_and_inactive_channels_and_tracing_fields_as_node_24.js > tests/node/diagnostics_channel_active_and_inactive_channels_and_tracing_fields_as_node_24.out (recorded with Node 24)
// A channel is a Channel until something subscribes or binds a store, then
// an ActiveChannel (with _subscribers and a SafeMap of stores), and a
// Channel again when the last leaves, as Node 24's
// lib/diagnostics_channel.js; a TracingChannel's five channels are hidden
// read-only properties; publish, runStores and the trace functions.
const dc = require('diagnostics_channel');
const util = require('util');
const show = (l, f) => { try { console.log(l, f()); } catch (e) { console.log(l, e.name, e.code, e.message); } };
console.log(Object.keys(dc));
const ch = dc.channel('a');
show('channel', () => util.inspect(ch));
show('same', () => dc.channel('a') === ch);
show('sym', () => util.inspect(dc.channel(Symbol('s'))));
show('bad', () => dc.channel(1));
show('hasSubscribers', () => [ch.hasSubscribers, dc.hasSubscribers('a')]);
const sub = (m, n) => console.log('msg', m, n);
dc.subscribe('a', sub);
show('after sub', () => [ch.hasSubscribers, util.inspect(ch), ch.constructor.name]);
ch.publish({ x: 1 });
show('unsub', () => dc.unsubscribe('a', sub));
show('unsub again', () => dc.unsubscribe('a', sub));
show('subscribe bad', () => dc.subscribe('a', 1));
show('ch.subscribe bad', () => ch.subscribe(1));
ch.subscribe((m) => { throw new Error('boom'); });
process.on('uncaughtException', (e) => console.log('uncaught', e.message));
ch.publish('p');
console.log('after publish');
const tc = dc.tracingChannel('t');
show('tracing', () => util.inspect(tc, { depth: 0 }));
show('tracing keys', () => Object.keys(tc));
tc.subscribe({ start(m) { console.log('start', m); }, end(m) { console.log('end', Object.keys(m)); }, asyncStart(m) { console.log('asyncStart', m); }, asyncEnd(m) { console.log('asyncEnd', m); }, error(m) { console.log('error', m.error && m.error.message); } });
show('traceSync', () => tc.traceSync((a) => a * 2, { ctx: 1 }, null, 21));
tc.tracePromise(async () => 5, { p: 1 }).then((v) => console.log('tracePromise', v));
tc.traceCallback((cb) => cb(null, 'r'), 0, { c: 1 }, null, (e, r) => console.log('cb', e, r));
show('traceSync throws', () => tc.traceSync(() => { throw new Error('bad'); }, {}));
const store = new (require('async_hooks').AsyncLocalStorage)();
ch.bindStore(store, (m) => ({ bound: m }));
show('runStores', () => ch.runStores('msg', function () { return JSON.stringify(store.getStore()) + this; }, 'T'));
show('unbindStore', () => ch.unbindStore(store));
show('Channel', () => typeof dc.Channel);
show('inactive again', () => [ch.hasSubscribers, util.inspect(ch), ch.constructor.name, ch instanceof dc.Channel]);
const other = dc.channel('b');
other.bindStore(store);
show('bound', () => [util.inspect(other), other instanceof dc.Channel, dc.hasSubscribers('b')]);
show('unbind unknown', () => other.unbindStore({}));
show('unbind', () => [other.unbindStore(store), util.inspect(other)]);
show('tracing descriptors', () => Object.getOwnPropertyDescriptor(tc, 'start').writable + ' ' + Object.getOwnPropertyDescriptor(tc, 'start').enumerable);
show('tracing from channels', () => Object.getOwnPropertyNames(dc.tracingChannel({ start: ch, end: ch, asyncStart: ch, asyncEnd: ch, error: ch })));
show('tracing from bad', () => dc.tracingChannel({ start: {} }));

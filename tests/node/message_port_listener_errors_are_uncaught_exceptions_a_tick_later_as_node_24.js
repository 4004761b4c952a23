// node tests/node/message_port_listener_errors_are_uncaught_exceptions_a_tick_later_as_node_24.js > tests/node/message_port_listener_errors_are_uncaught_exceptions_a_tick_later_as_node_24.out (recorded with Node 24)
// A MessagePort delivers a message through Node's NodeEventTarget dispatch
// (lib/internal/event_target.js): a listener that throws does not stop the
// listeners after it; its error is thrown again on the next tick (an
// 'uncaughtException' after the ticks it queued), and a thenable a listener
// returns has its then() called with a rejection handler that does the same
// (a rejected promise is an 'uncaughtException', not an 'unhandledRejection').
// The same for a port whose one listener is its onmessage, whose messages
// after the first the host delivers itself.
process.on('uncaughtException', (e, origin) => console.log('uncaught', e.message, origin));
process.on('unhandledRejection', (e) => console.log('unhandledRejection', e.message));
const { port1, port2 } = new MessageChannel();
port1.on('message', (v) => { console.log('a', v); process.nextTick(() => console.log('tick from a')); throw new Error('boom' + v); });
port1.on('message', (v) => { console.log('b', v); Promise.resolve().then(() => console.log('micro from b')); });
port1.on('message', async (v) => { console.log('c', v); throw new Error('rej' + v); });
port1.on('message', (v) => { console.log('d', v); return { then(a, b) { console.log('thenable then called', typeof a, typeof b); } }; });
port2.postMessage(1);
port2.postMessage(2);
const c = new MessageChannel();
let n = 0;
c.port1.onmessage = (e) => {
  n++;
  console.log('onmessage', e.data);
  process.nextTick(() => console.log('tick', e.data));
  Promise.resolve().then(() => console.log('micro', e.data));
  if (e.data === 2) throw new Error('boom' + e.data);
  if (e.data === 3) return Promise.reject(new Error('rej' + e.data));
  if (e.data === 4) return { get then() { throw new Error('then getter ' + e.data); } };
  if (n === 6) { c.port1.close(); port1.close(); }
};
for (let i = 1; i <= 6; i++) c.port2.postMessage(i);

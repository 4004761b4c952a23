// Primitives posted on a MessageChannel of this thread (jsloop queues them
// as the values themselves, without a serialized record) arrive as they
// were posted, in order with objects, through onmessage, 'message'
// listeners and receiveMessageOnPort, and travel with a transferred port.
// Recorded: node tests/node/message_port_primitives_arrive_as_posted.js
const { MessageChannel, receiveMessageOnPort } = require('node:worker_threads');

const show = (v) => (typeof v === 'bigint' ? `${v}n` : Object.is(v, -0) ? '-0' : typeof v === 'string' ? JSON.stringify(v) : String(v));
const values = [0, -0, 1.5, NaN, Infinity, -Infinity, 2 ** 53, undefined, null, true, false, '', 'text', 'lone \ud800 surrogate', 12345678901234567890n];

// 1. receiveMessageOnPort: each value, synchronously, in order.
{
  const { port1, port2 } = new MessageChannel();
  for (const v of values) port1.postMessage(v);
  port1.postMessage({ an: 'object' });
  const got = [];
  for (;;) {
    const m = receiveMessageOnPort(port2);
    if (m === undefined) break;
    got.push(typeof m.message === 'object' && m.message !== null ? JSON.stringify(m.message) : `${typeof m.message} ${show(m.message)}`);
  }
  console.log('receiveMessageOnPort:', got.join(' | '));
  port1.close();
}

// 2. A symbol is not cloneable: DataCloneError, nothing posted.
{
  const { port1, port2 } = new MessageChannel();
  try { port1.postMessage(Symbol('s')); } catch (e) { console.log('symbol:', e.name, e.message); }
  console.log('after symbol:', receiveMessageOnPort(port2));
  port1.close();
}

// 3. Queued primitives go with a port transferred before they are read.
{
  const { port1, port2 } = new MessageChannel();
  port1.postMessage(7);
  port1.postMessage('seven');
  port1.postMessage(undefined);
  const outer = new MessageChannel();
  outer.port1.postMessage({ port: port2 }, [port2]);
  const moved = receiveMessageOnPort(outer.port2).message.port;
  const got = [];
  for (let m; (m = receiveMessageOnPort(moved)) !== undefined;) got.push(`${typeof m.message} ${show(m.message)}`);
  console.log('transferred:', got.join(' | '));
  port1.close();
  outer.port1.close();
}

// 4. onmessage and a 'message' listener, mixed with objects, in order.
{
  const { port1, port2 } = new MessageChannel();
  const got = [];
  let n = 0;
  port2.on('message', (v) => {
    got.push(typeof v === 'object' && v !== null ? JSON.stringify(v) : `${typeof v} ${show(v)}`);
    if (++n === values.length + 2) {
      console.log('listener:', got.join(' | '));
      port2.close();
    }
  });
  port1.postMessage({ first: 1 });
  for (const v of values) port1.postMessage(v);
  port1.postMessage([2]);
}
{
  const { port1, port2 } = new MessageChannel();
  port2.onmessage = (e) => {
    console.log('onmessage:', e.type, typeof e.data, show(e.data), e.target === port2);
    if (e.data === 'last') port2.close();
  };
  port1.postMessage(42);
  port1.postMessage('last');
}

// A port whose only 'message' listener is its onmessage handler (the host
// calls such a handler itself, node/port_fire.rs), and what script sees
// when that changes between messages: another listener added and removed,
// the handler replaced, a handler that throws; nextTicks and microtasks
// after each message, and postMessage's primitives and errors (the raw
// postMessage, node/port_fire.rs).
const { MessageChannel, MessagePort } = require('worker_threads');
const { port1, port2 } = new MessageChannel();
let n = 0;
process.on('uncaughtException', (e) => console.log('uncaught: ' + e.message));
function first(e) {
  console.log(['handler ' + String(e.data), typeof e.data, this === port2, e.target === port2, e.type, JSON.stringify(e.origin), JSON.stringify(e.lastEventId), String(e.source), Array.isArray(e.ports), e.ports.length].join(' '));
  Promise.resolve().then(() => console.log('microtask ' + String(e.data)));
  process.nextTick(() => console.log('tick ' + String(e.data)));
  n++;
  if (n === 3) { port2.onmessage = second; }
}
const extra = (v) => { console.log('listener ' + String(v)); if (v === 5) port2.off('message', extra); };
function second(e) {
  console.log('second ' + String(e.data) + ' ' + (this === port2));
  if (e.data === 4) port2.on('message', extra);
  if (e.data === 7) throw new Error('thrown for ' + e.data);
  if (e.data === 'end') { port2.close(); port1.close(); }
}
port2.onmessage = first;
for (let i = 0; i < 11; i++) port1.postMessage(i);
port1.postMessage(null);
port1.postMessage(true);
port1.postMessage(12345678901234567890n);
port1.postMessage('text', []);
port1.postMessage('opts', { transfer: [] });
port1.postMessage('end');
try { port1.postMessage(); } catch (e) { console.log('no argument: ' + e.code + ' ' + e.message); }
function post(v) { port1.postMessage(v); }
try { post(Symbol('s')); } catch (e) { console.log('symbol: ' + e.name + ' ' + /at post /.test(e.stack)); }
console.log('postMessage: ' + MessagePort.prototype.postMessage.name + ' ' + MessagePort.prototype.postMessage.length);

// A port whose only listener is its onmessage function (the host fires such
// messages itself, browser/port_fire.rs), and what script sees when that
// changes between messages: a listener added, stopImmediatePropagation, the
// handler replaced (it keeps its place), a handler that throws, a listener
// removed again, the port closed; what the event looks like during and
// after dispatch, window.event, the microtask checkpoint after the
// handler, and postMessage's primitives and errors (browser/port_post.rs).
const { port1, port2 } = new MessageChannel();
const lines = [];
const log = (s) => lines.push(String(s));
let n = 0;
let kept = null;
window.addEventListener('error', (e) => { log('error event: ' + e.message.replace(/^Uncaught /, '')); e.preventDefault(); });
const extra = (e) => log('listener ' + String(e.data));
function first(e) {
  log([
    'handler ' + String(e.data), typeof e.data, this === port2, e.currentTarget === port2, e.target === port2,
    e.srcElement === port2, e.eventPhase, e.isTrusted, typeof e.timeStamp, JSON.stringify(e.origin),
    JSON.stringify(e.lastEventId), e.source, e.ports.length, Object.isFrozen(e.ports), e.composedPath().length,
    e.composedPath()[0] === port2, e.bubbles, e.cancelable, e.composed, e.defaultPrevented, e.returnValue,
    window.event === e, Object.keys(e).join(), Object.getOwnPropertyNames(e).join(), e instanceof MessageEvent,
    Object.getPrototypeOf(e) === MessageEvent.prototype, e.type,
  ].join(' '));
  Promise.resolve().then(() => log('microtask ' + String(e.data) + ' phase ' + e.eventPhase + ' current ' + (e.currentTarget === port2) + ' event ' + (window.event === e)));
  if (n === 0) kept = e;
  n++;
  if (n === 3) port2.addEventListener('message', extra);
  if (n === 4) e.stopImmediatePropagation();
  if (n === 5) port2.onmessage = second;
}
function second(e) {
  log('second ' + String(e.data) + ' phase ' + e.eventPhase + ' ' + (this === port2));
  if (e.data === 7) throw new Error('thrown for ' + e.data);
  if (e.data === 8) port2.removeEventListener('message', extra);
  if (e.data === 'end') {
    log('kept after dispatch: phase ' + kept.eventPhase + ' current ' + kept.currentTarget + ' target ' + (kept.target === port2) + ' path ' + kept.composedPath().length + ' data ' + kept.data);
    port2.close();
    port1.postMessage('after close');
    setTimeout(() => { for (const l of lines) console.log(l); console.log('__done__'); }, 50);
  }
}
port2.onmessage = first;
for (let i = 0; i < 10; i++) port1.postMessage(i);
port1.postMessage(null);
port1.postMessage(undefined);
port1.postMessage(true);
port1.postMessage(12345678901234567890n);
port1.postMessage('text', []);
port1.postMessage('opts', { transfer: [] });
port1.postMessage('end');
try { port1.postMessage(); } catch (e) { log('no argument: ' + e.name + ' ' + e.message); }
function post(v) { port1.postMessage(v); }
try { post(Symbol('s')); } catch (e) { log('symbol: ' + e.name + ' ' + e.message + ' ' + /postMessage \(/.test(e.stack) + ' ' + /at post /.test(e.stack)); }
try { MessagePort.prototype.postMessage.call({}, 1); } catch (e) { log('not a port: ' + e.name); }
try { MessagePort.prototype.postMessage.call(Object.create(port1), 1); } catch (e) { log('port as prototype: ' + e.name); }
const data = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data');
try { data.get.call(new Event('x')); } catch (e) { log('data of an Event: ' + e.name); }
try { data.get.call(Object.create(new MessageEvent('message', { data: 1 }))); } catch (e) { log('data through a prototype: ' + e.name); }
log('data getter: ' + data.get.name + ' ' + data.get.length + ' ' + data.configurable + ' ' + data.set);
const pm = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'postMessage');
log('postMessage: ' + pm.value.name + ' ' + pm.writable + ' ' + pm.configurable);

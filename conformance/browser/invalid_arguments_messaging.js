// Invalid arguments to postMessage and structuredClone: a value that cannot
// be cloned is a DataCloneError (a DOMException, code 25) thrown by the
// call; a missing argument is a TypeError; a bad target origin a SyntaxError.
const log = (s) => console.log(s);
function attempt(label, f) {
  try {
    f();
    log(label + ': no error');
  } catch (e) {
    log(label + ': ' + e.name + ' (' + (e instanceof DOMException ? 'DOMException ' + e.code : e.constructor.name) + '): ' + e.message);
  }
}
const { port1, port2 } = new MessageChannel();
port2.onmessage = (e) => log('port2 got ' + e.data);
attempt('port.postMessage(function)', () => port1.postMessage(function f() { return 1; }));
attempt('port.postMessage(arrow in an object)', () => port1.postMessage({ a: () => 1 }));
attempt('port.postMessage(Symbol)', () => port1.postMessage(Symbol('s')));
attempt('port.postMessage(WeakMap)', () => port1.postMessage(new WeakMap()));
attempt('port.postMessage(Promise)', () => port1.postMessage(Promise.resolve()));
attempt('port.postMessage()', () => port1.postMessage());
attempt('port.postMessage(1, [1])', () => port1.postMessage(1, [1]));
attempt('port.postMessage(1, {})', () => port1.postMessage(1, {}));
attempt('port.postMessage(1, [{}])', () => port1.postMessage(1, [{}]));
attempt('port.postMessage(1, 5)', () => port1.postMessage(1, 5));
attempt('port.postMessage(1, [buffer, same buffer])', () => { const b = new ArrayBuffer(1); port1.postMessage(1, [b, b]); });
attempt('new MessagePort()', () => new MessagePort());
attempt('window.postMessage()', () => window.postMessage());
attempt('window.postMessage(function, "*")', () => window.postMessage(function g() {}, '*'));
attempt('window.postMessage("x", "not an origin")', () => window.postMessage('x', 'not an origin'));
attempt('structuredClone(Symbol())', () => structuredClone(Symbol()));
attempt('structuredClone(function)', () => structuredClone(function h() {}));
attempt('structuredClone()', () => structuredClone());
attempt('structuredClone(1, { transfer: [1] })', () => structuredClone(1, { transfer: [1] }));
attempt('structuredClone(1, { transfer: [{}] })', () => structuredClone(1, { transfer: [{}] }));
attempt('structuredClone(1, { transfer: 5 })', () => structuredClone(1, { transfer: 5 }));
attempt('structuredClone(1, 5)', () => structuredClone(1, 5));
attempt('structuredClone({ a: [1, function] })', () => structuredClone({ a: [1, function () {}] }));
attempt('window.postMessage(1, "*", [1])', () => window.postMessage(1, '*', [1]));
attempt('structuredClone(new Error) is allowed', () => structuredClone(new Error('e')));
port1.postMessage('still works');
setTimeout(() => console.log('__done__'), 50);

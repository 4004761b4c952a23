// node tests/node/message_port_dispatch_never_calls_a_replaced_function_prototype_call_as_node_24.js > tests/node/message_port_dispatch_never_calls_a_replaced_function_prototype_call_as_node_24.out (recorded with Node 24)
// Node's MessagePort dispatch calls its listeners, the onmessage handler
// and a returned thenable's then with primordials (FunctionPrototypeCall,
// ReflectApply: lib/internal/event_target.js), never through
// Function.prototype.call as a program left it: a replaced one is not
// called, for the onmessage handler (which the host delivers to itself
// after the first message, node/port_fire.rs), on() listeners and
// addEventListener listeners alike, nor for a thenable's then.
const { port1, port2 } = new MessageChannel();
let n = 0;
const saved = Function.prototype.call;
function replace() {
  Function.prototype.call = function (...a) { console.log('replaced call'); return Reflect.apply(saved, this, a); };
}
port1.onmessage = function (e) {
  console.log('onmessage', e.data, this === port1);
  if (++n === 2) replace();
  if (n === 4) { Function.prototype.call = saved; port1.close(); second(); } else port2.postMessage(n);
};
port2.postMessage(0);
function second() {
  const c = new MessageChannel();
  c.port1.on('message', function (v) {
    console.log('on', v, this === c.port1);
    return { then(ok, bad) { console.log('then', typeof ok, typeof bad); } };
  });
  c.port1.addEventListener('message', function (e) {
    console.log('listener', e.data);
    if (e.data === 'b') setImmediate(() => { Function.prototype.call = saved; c.port1.close(); });
  });
  replace();
  c.port2.postMessage('a');
  c.port2.postMessage('b');
}

// node tests/node/message_port_post_message_arity_and_missing_argument_as_node_24.js > tests/node/message_port_post_message_arity_and_missing_argument_as_node_24.out (recorded with Node 24)
// MessagePort#postMessage is a C++ method in Node: its length is 0 and a
// call with no argument is ERR_MISSING_ARGS in its own words; a Worker's
// postMessage forwards to its port.
const { Worker } = require('worker_threads');
const { port1, port2 } = new MessageChannel();
console.log(MessagePort.prototype.postMessage.length, port1.postMessage.name);
try { port1.postMessage(); } catch (e) { console.log(e.name, e.code, e.message); }
port1.postMessage(undefined);
port2.once('message', (m) => {
  console.log('got', m);
  port1.close();
  const w = new Worker('require("worker_threads").parentPort.once("message", () => process.exit(0))', { eval: true });
  console.log('worker postMessage length', w.postMessage.length);
  try { w.postMessage(); } catch (e) { console.log('worker', e.name, e.code, e.message); }
  w.postMessage('bye');
  w.on('exit', (code) => console.log('worker exit', code));
});

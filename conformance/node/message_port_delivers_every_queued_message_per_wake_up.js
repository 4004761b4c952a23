// One wake-up of a port delivers every message in its queue, each as a
// callback with nextTicks and microtasks after it; ports run in the order
// they were made, whatever order the messages were posted in.
const a = new MessageChannel();
const b = new MessageChannel();
const listen = (name, port) => port.on('message', (v) => {
  console.log(name + ' got ' + v);
  process.nextTick(() => console.log('  tick after ' + v));
  Promise.resolve().then(() => console.log('  promise after ' + v));
});
listen('b.port2', b.port2);
listen('a.port2', a.port2);
b.port1.postMessage('b1');
b.port1.postMessage('b2');
a.port1.postMessage('a1');
a.port1.postMessage('a2');
setImmediate(() => console.log('immediate'));
setTimeout(() => { a.port2.close(); b.port2.close(); }, 20);

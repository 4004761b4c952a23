// Each MessagePort is an async handle; libuv runs the pending ones in one
// pass, in the order they were made. In a ping-pong between the ports of
// one channel, a reply to port2 (made after port1) is delivered in the same
// poll phase, a reply to port1 only in the next one, after the check
// phase's immediate. Closing port1 closes port2 a turn later.
const { port1, port2 } = new MessageChannel();
port1.on('message', (v) => {
  console.log('M' + v + ' at port1');
  if (v < 4) port1.postMessage(v + 1);
  else port1.close();
});
port2.on('message', (v) => {
  console.log('M' + v + ' at port2');
  if (v < 4) port2.postMessage(v + 1);
});
port2.postMessage(0);
setImmediate(() => console.log('immediate'));
port1.on('close', () => console.log('port1 close'));
port2.on('close', () => console.log('port2 close'));

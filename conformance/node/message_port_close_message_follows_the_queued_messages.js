// close() closes the port's handle at once (postMessage on it is dropped);
// 'close' comes in the close phase, which disentangles it: the other port's
// close message comes after the messages already queued for it, and that
// port closes a turn later.
const { port1, port2 } = new MessageChannel();
port2.on('message', (v) => console.log('port2 got ' + v));
port2.on('close', () => console.log('port2 close'));
port1.on('close', () => console.log('port1 close'));
port1.postMessage('before close');
port1.close();
port1.postMessage('after close: dropped');
console.log('hasRef ' + port1.hasRef() + ' ' + port2.hasRef());
setImmediate(() => {
  console.log('immediate 1');
  setImmediate(() => console.log('immediate 2'));
});
process.nextTick(() => console.log('tick'));

// A port without 'message' listeners neither receives nor keeps the loop
// alive: its messages wait in its queue until a listener starts it.
const { port1, port2 } = new MessageChannel();
port1.postMessage('first');
port1.postMessage('second');
console.log('hasRef before listening: ' + port2.hasRef());
setTimeout(() => {
  port2.on('message', (v) => {
    console.log('got ' + v + ', hasRef ' + port2.hasRef());
    if (v === 'second') {
      port2.unref();
      console.log('after unref: ' + port2.hasRef());
      // Posted while the port delivers its queue: delivered in the same
      // wake-up; afterwards the unref'd port does not keep the loop alive.
      port1.postMessage('third');
    }
  });
  console.log('listening');
}, 10);
process.on('exit', () => console.log('exit'));

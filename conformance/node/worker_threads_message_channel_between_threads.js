// A MessagePort sent to a worker thread keeps working between the threads;
// structuredClone is global; a port with listeners keeps a loop alive until
// it is closed.
const { Worker, MessageChannel } = require('worker_threads');
const { port1, port2 } = new MessageChannel();
const worker = new Worker(`
  const { parentPort } = require('worker_threads');
  parentPort.once('message', ({ port, note }) => {
    port.postMessage('worker got the port: ' + note);
    port.on('message', (m) => {
      if (m === 'bye') { port.close(); return; }
      port.postMessage('echo ' + m);
    });
  });
`, { eval: true });
let n = 0;
port1.on('message', (m) => {
  console.log('main port got', m);
  if (++n < 3) port1.postMessage('ping ' + n);
  else { port1.postMessage('bye'); port1.close(); }
});
port1.on('close', () => console.log('main port closed'));
worker.postMessage({ port: port2, note: 'hello' }, [port2]);
worker.on('exit', (code) => console.log('worker exit', code));
const copy = structuredClone({ when: new Date(0), list: [1, 2], map: new Map([[1, 'a']]) });
console.log('structuredClone', copy.when instanceof Date, copy.list.length, copy.map.get(1));

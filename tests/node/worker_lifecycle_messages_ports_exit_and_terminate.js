// node tests/node/worker_lifecycle_messages_ports_exit_and_terminate.js
// One worker's life, each step waiting for the last (so Node prints the
// same order on every run): 'worker' and 'online', messages both ways with
// workerData and a SharedArrayBuffer, a MessagePort sent to the worker (its
// message, then its 'close' when the worker closes the other end),
// process.exit(3) in the worker (its last message comes before 'exit'),
// threadId -1 after exit; then an idle worker terminated (exit 1, then the
// promise), and an eval'd worker whose top-level `const` is a script's.
// Under --clock virtual the same bytes on every run (crates/jsloop/tests/
// workers.rs runs it 20 times).
const { Worker, MessageChannel, threadId } = require('worker_threads');
const shared = new Int32Array(new SharedArrayBuffer(4));
process.on('worker', (w) => console.log('process worker event, threadId', w.threadId - threadId > 0));
const a = new Worker(`
  const { parentPort, workerData } = require('worker_threads');
  parentPort.on('message', (m) => {
    if (m.port) {
      m.port.postMessage('hello through the port');
      m.port.close();
    } else if (m === 'stop') {
      Atomics.add(workerData.shared, 0, 41);
      parentPort.postMessage('stopping');
      process.exit(3);
    } else {
      parentPort.postMessage({ echo: m, data: workerData.n });
    }
  });
  parentPort.postMessage('ready');
`, { eval: true, workerData: { n: 7, shared } });
a.on('online', () => console.log('online'));
a.on('message', (m) => {
  console.log('from worker:', JSON.stringify(m));
  if (m === 'ready') a.postMessage('ping');
  else if (m.echo === 'ping') {
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (text) => console.log('port1 message:', text));
    port1.on('close', () => {
      console.log('port1 close');
      a.postMessage('stop');
    });
    a.postMessage({ port: port2 }, [port2]);
  }
});
a.on('exit', (code) => {
  console.log('exit', code, 'shared', shared[0] + 1, 'threadId', a.threadId);
  const idle = new Worker("require('worker_threads').parentPort.on('message', () => {})", { eval: true });
  idle.on('online', () => {
    idle.terminate().then((c) => {
      console.log('terminated', c);
      const script = new Worker("const x = 1; require('worker_threads').parentPort.postMessage(typeof x + ' ' + typeof module)", { eval: true });
      script.on('message', (m) => console.log('script:', m));
      script.on('exit', (c2) => console.log('script exit', c2));
    });
  });
  idle.on('exit', (c) => console.log('idle exit', c));
});

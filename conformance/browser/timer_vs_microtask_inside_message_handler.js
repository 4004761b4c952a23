// A message handler queues a timer and a microtask; a message posted from the
// microtask is a new task.
const log = (s) => console.log(s);
const { port1, port2 } = new MessageChannel();
port2.onmessage = (e) => {
  log('message ' + e.data);
  if (e.data === 1) {
    setTimeout(() => { log('timeout'); console.log('__done__'); }, 30);
    Promise.resolve().then(() => { log('microtask posts 2'); port1.postMessage(2); });
  }
};
port1.postMessage(1);

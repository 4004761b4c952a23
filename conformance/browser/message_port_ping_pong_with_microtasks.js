// Ping-pong over a channel: each message is a task with a checkpoint after it.
const log = (s) => console.log(s);
const { port1, port2 } = new MessageChannel();
port1.onmessage = (e) => {
  log('port1 got ' + e.data);
  Promise.resolve().then(() => log('  microtask after ' + e.data));
  if (e.data < 6) port1.postMessage(e.data + 1); else console.log('__done__');
};
port2.onmessage = (e) => { log('port2 got ' + e.data); port2.postMessage(e.data + 1); };
port1.postMessage(1);

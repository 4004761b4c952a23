// Node has MessageChannel globally: a message posted in the main script is
// delivered in the first loop turn, after promise jobs and before immediates.
const log = (s) => console.log(s);
const { port1, port2 } = new MessageChannel();
port2.onmessage = (e) => {
  log('message ' + e.data);
  Promise.resolve().then(() => log('promise from message'));
  port2.close();
};
port1.postMessage('hello');
setImmediate(() => log('immediate'));
Promise.resolve().then(() => log('promise'));
log('sync end');

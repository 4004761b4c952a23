// An exception in a message handler is reported; the next message is
// delivered.
const log = (s) => console.log(s);
window.addEventListener('error', (e) => { log('error event ' + e.message.replace(/^Uncaught /, '') + ' cancelable ' + e.cancelable); e.preventDefault(); });
const { port1, port2 } = new MessageChannel();
port2.onmessage = (e) => {
  log('message ' + e.data);
  if (e.data === 1) throw new Error('handler failed');
  console.log('__done__');
};
port1.postMessage(1);
port1.postMessage(2);

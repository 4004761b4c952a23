// Setting onmessage starts the port; a listener added earlier runs too.
const log = (s) => console.log(s);
const { port1, port2 } = new MessageChannel();
port2.addEventListener('message', (e) => log('listener ' + e.data));
port1.postMessage('x');
setTimeout(() => {
  log('timer sets onmessage');
  port2.onmessage = (e) => { log('onmessage ' + e.data); console.log('__done__'); };
}, 20);

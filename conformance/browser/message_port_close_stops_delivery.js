// After close(), a port gets no more messages and sending from it does nothing.
const log = (s) => console.log(s);
const { port1, port2 } = new MessageChannel();
port2.onmessage = (e) => {
  log('message ' + e.data);
  if (e.data === 'first') {
    port2.close();
    port1.postMessage('after close: never');
    port2.postMessage('from closed port: never');
    setTimeout(() => { log('timer'); console.log('__done__'); }, 30);
  }
};
port1.onmessage = (e) => log('port1 got ' + e.data);
port1.postMessage('first');

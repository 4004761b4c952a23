// addEventListener does not start a port: messages wait until start().
const log = (s) => console.log(s);
const { port1, port2 } = new MessageChannel();
port2.addEventListener('message', (e) => {
  log('message ' + e.data);
  if (e.data === 'b') console.log('__done__');
});
port1.postMessage('a');
port1.postMessage('b');
setTimeout(() => { log('timer starts the port'); port2.start(); }, 30);

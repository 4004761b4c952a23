// Replacing onmessage between messages: each message goes to the handler
// present when its task runs.
const log = (s) => console.log(s);
const { port1, port2 } = new MessageChannel();
port2.onmessage = (e) => {
  log('first handler ' + e.data);
  port2.onmessage = (e2) => { log('second handler ' + e2.data); if (e2.data === 3) console.log('__done__'); };
};
port1.postMessage(1);
port1.postMessage(2);
port1.postMessage(3);

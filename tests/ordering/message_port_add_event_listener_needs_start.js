// Setting onmessage starts a port; addEventListener alone does not, so its
// messages wait in the port message queue until start().
const a = new MessageChannel();
a.port2.addEventListener('message', (e) => console.log('a (started later):', e.data));
a.port1.postMessage('first');
a.port1.postMessage('second');

const b = new MessageChannel();
b.port2.onmessage = (e) => console.log('b (onmessage):', e.data);
b.port1.postMessage('hello');

setTimeout(() => {
  console.log('starting a.port2');
  a.port2.start();
}, 10);
console.log('script');

// close() disentangles a port: later posts from either side go nowhere, and
// posting to a closed port is not an error.
const { port1, port2 } = new MessageChannel();
port2.onmessage = (e) => {
  console.log('port2 got ' + e.data);
  if (e.data === 'one') {
    port2.close();
    port1.postMessage('after close');
    port2.postMessage('from the closed port');
    setTimeout(() => console.log('nothing else arrived'), 20);
  }
};
port1.onmessage = (e) => console.log('port1 got ' + e.data);
port1.postMessage('one');
console.log('script');

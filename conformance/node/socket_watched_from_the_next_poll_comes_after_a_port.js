// conformance: real-only (under the virtual clock a connect on loopback is collected only when poll would wait: docs/event-loop.md, "Under the virtual clock")
// Found by the fuzzer (seed 500123, shrunk by hand). The connect is made
// (in a nextTick) before the MessagePort is triggered (in a microtask after
// the ticks), yet Node delivers the message first: libuv adds a new watcher
// (the listening socket, the connecting socket) to epoll only when the
// next poll phase begins (uv__io_start queues it; uv__io_poll registers
// it), so the descriptors that were already ready come after the loop's
// wake-up descriptor, written earlier.
const net = require('net');
const srv = net.createServer((sock) => {
  console.log('server connection');
  sock.on('data', (d) => {
    console.log('server got ' + d);
    sock.end('pong');
  });
  sock.on('close', () => srv.close(() => console.log('server closed')));
});
srv.listen(0, '127.0.0.1', () => {
  console.log('listening');
  const c = net.connect(srv.address().port, '127.0.0.1', () => {
    console.log('client connect');
    c.write('ping');
  });
  c.on('data', (d) => console.log('client got ' + d));
  c.on('close', () => console.log('client close'));
});
Promise.resolve().then(() => {
  console.log('microtask');
  const { port1, port2 } = new MessageChannel();
  port1.on('message', (v) => {
    console.log('port1 got ' + v);
    port1.close();
  });
  port2.postMessage('hello');
  setImmediate(() => console.log('immediate'));
});
console.log('main end');

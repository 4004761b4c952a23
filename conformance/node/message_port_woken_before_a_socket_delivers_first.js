// conformance: real-only (under the virtual clock a connect and the bytes on a loopback connection are collected only when poll would wait: docs/event-loop.md, "Under the virtual clock")
// Found by the fuzzer (seed 500246, shrunk by hand). libuv runs a poll
// phase's watchers in the order epoll_wait reports them, and the async
// handles (MessagePorts) at the place of the loop's wake-up descriptor: a
// port triggered before a socket became ready delivers first. Here the
// messages bounce between the ports while the connection is made and
// 'ping' is sent: each message posted in a poll phase wakes the loop
// before the socket event of the next phase comes in.
const net = require('net');
const { port1, port2 } = new MessageChannel();
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
const on = (name, port) => (v) => {
  console.log(name + ' got ' + v);
  setImmediate(() => console.log('immediate after ' + v));
  if (v < 3) port.postMessage(v + 1);
  else port.close();
};
port1.on('message', on('port1', port1));
port2.on('message', on('port2', port2));
port1.postMessage(0);
console.log('main end');

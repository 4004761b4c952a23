// Found by the fuzzer (seeds 800264, 800206, 800397, 800549, 700044;
// shrunk): a MessageChannel whose ports bounce a number and close, beside a
// loopback exchange. When port1 closes, port2 gets a close message in its
// queue and its async handle is triggered (Node's Disentangle:
// AddToIncomingQueue, TriggerAsync: uv_async_send, a write to libuv's
// wake-up descriptor). libuv's epoll is level-triggered: the wake-up
// descriptor, reported by the poll before and readable again, keeps its
// place at the head of epoll's ready list, ahead of the server's socket
// that became readable (the client's end of file) since. So port2 closes
// (its 'close' in the close phase) before the server reads that end of file.
const net = require('net');
const log = (s) => console.log(s);
setImmediate(() => {
  log('immediate');
  const c = new MessageChannel();
  const on = (me) => (v) => {
    log('msg ' + me + ' ' + v);
    if (v < 4) c[me].postMessage(v + 1);
    else c[me].close();
  };
  c.port1.on('message', on('port1'));
  c.port2.on('message', on('port2'));
  c.port1.on('close', () => log('close port1'));
  c.port2.on('close', () => log('close port2'));
  c.port2.postMessage(0);
});
const srv = net.createServer((sock) => {
  log('server connection');
  sock.on('data', (d) => {
    log('server got ' + d);
    sock.end('pong');
  });
  sock.on('end', () => log('server end'));
  sock.on('close', () => {
    log('server socket close');
    srv.close(() => log('server closed'));
  });
});
srv.listen(0, '127.0.0.1', () => {
  log('listening');
  const c = net.connect(srv.address().port, '127.0.0.1', () => {
    log('client connect');
    c.write('ping');
  });
  c.on('data', (d) => log('client got ' + d));
  c.on('end', () => log('client end'));
  c.on('close', () => log('client close'));
});
log('main end');

// Found by the fuzzer (seed 700008, shrunk): a loopback connect made in
// 'listening' (a nextTick) has landed by the first poll phase, whose timeout
// is zero because an immediate waits; Node's epoll_wait(0) reports the
// listener and the client there, so 'connection' and 'connect' come before
// the immediate. Under the virtual clock jsloop waits for traffic between
// the program's own sockets to land before it polls (docs/event-loop.md,
// "Loopback traffic between the program's own sockets").
const net = require('net');
const log = (s) => console.log(s);
setImmediate(() => log('immediate 1'));
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
    setImmediate(() => log('immediate 2'));
  });
  c.on('data', (d) => log('client got ' + d));
  c.on('end', () => log('client end'));
  c.on('close', () => log('client close'));
});
log('main end');

// Found by the fuzzer (seeds 700083, 700044): where a socket's 'end',
// 'finish' and 'close' fall among immediates. The server answers 'ping'
// with end('pong'); its shutdown (uv_shutdown: uv__io_feed, the pending
// queue) runs right after that poll phase. The client reads 'pong' (a read
// that does not fill libuv's 64 KiB buffer ends uv__read), its end of file
// in the next poll: 'end', then its own end(), whose shutdown runs after
// that poll ('prefinish', 'finish', destroy), before the check phase; its
// 'close' comes in that turn's close phase. The server sees the client's
// end of file one turn later.
const net = require('net');
const log = (s) => console.log(s);
const srv = net.createServer((sock) => {
  log('server connection');
  sock.on('data', (d) => {
    log('server got ' + d);
    sock.end('pong');
  });
  sock.on('end', () => log('server end'));
  sock.on('finish', () => log('server finish'));
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
  c.on('data', (d) => {
    log('client got ' + d);
    let n = 0;
    const spin = () => {
      log('immediate ' + n);
      if (++n < 6) setImmediate(spin);
    };
    setImmediate(spin);
  });
  c.on('end', () => log('client end'));
  c.on('prefinish', () => log('client prefinish'));
  c.on('finish', () => log('client finish'));
  c.on('close', () => log('client close'));
});

// A client writes 16 MiB to a server that does not read yet
// (pauseOnConnect: libuv's reading stopped), more than the kernel's buffers
// hold: the write waits for the server's reader, which a timer starts.
// Under the virtual clock that write is not in flight (its bytes wait for
// the reader's window, not for the kernel), so the clock moves to the
// timer; the write completes once the server reads ('finish' after
// 'resume'), as in Node.
const net = require('net');
const big = Buffer.alloc(16 * 1024 * 1024, 97);
const srv = net.createServer({ pauseOnConnect: true }, (sock) => {
  setTimeout(() => {
    console.log('resume');
    sock.resume();
  }, 50);
  let n = 0;
  sock.on('data', (d) => { n += d.length; });
  sock.on('end', () => {
    console.log('server got ' + n);
    srv.close();
  });
});
srv.listen(0, '127.0.0.1', () => {
  const c = net.connect(srv.address().port, '127.0.0.1', () => {
    c.end(big, () => console.log('client finished'));
  });
});

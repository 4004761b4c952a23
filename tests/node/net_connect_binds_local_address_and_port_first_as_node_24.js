// node tests/node/net_connect_binds_local_address_and_port_first_as_node_24.js > tests/node/net_connect_binds_local_address_and_port_first_as_node_24.out (recorded with Node 24)
// net.connect with localAddress/localPort binds the socket first (Node's
// internalConnect in lib/net.js): the connection comes from that address;
// a port in use is EADDRINUSE and an address the machine does not have is
// EADDRNOTAVAIL, both with syscall 'bind', the local address and port,
// and neither 'connect' nor a connection on the server.
const net = require('net');
const show = (err, port) => ({
  message: err.message.replace(String(port), 'PORT'),
  code: err.code,
  syscall: err.syscall,
  address: err.address,
  port: err.port === port ? 'PORT' : err.port,
  hasPort: 'port' in err,
});
let from;
const server = net.createServer((s) => {
  from = s.remoteAddress;
  s.end();
});
const other = net.createServer(() => console.log('other: connection'));
server.listen(0, '127.0.0.1', () => {
  other.listen(0, '127.0.0.1', () => {
    const port = server.address().port;
    const taken = other.address().port;
    const a = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' }, () => {
      console.log('a: connect from', a.localAddress, a.localPort !== port);
    });
    a.resume();
    a.on('close', () => {
      console.log('server: connection from', from);
      const b = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1', localPort: taken }, () => console.log('b: connect'));
      b.on('error', (err) => {
        console.log('b:', show(err, taken), b.destroyed);
        const c = net.connect({ port, host: '127.0.0.1', localAddress: '1.2.3.4' }, () => console.log('c: connect'));
        c.on('error', (err) => {
          console.log('c:', show(err, port));
          server.close();
          other.close();
        });
      });
    });
  });
});

// node tests/node/net_socket_connected_again_counts_bytes_from_zero_as_node_24.js > tests/node/net_socket_connected_again_counts_bytes_from_zero_as_node_24.out (recorded with Node 24)
// A net.Socket connected again after it closed gets a new handle: its
// bytesWritten and bytesRead count from 0 again (Node's lib/net.js reads
// them from the handle), while the counts of the closed connection stay
// readable until then.
const net = require('net');
let round = 0;
let serverRead;
const server = net.createServer((s) => {
  s.on('data', () => {});
  s.on('end', () => {
    serverRead = s.bytesRead;
    s.end('ok!');
  });
});
server.listen(0, '127.0.0.1', () => {
  const c = net.connect(server.address().port, '127.0.0.1');
  c.on('connect', () => {
    console.log(`round ${round}: connect, written`, c.bytesWritten, 'read', c.bytesRead);
    c.write('foo', () => c.end(round === 0 ? 'barbaz' : 'b'));
  });
  c.on('data', () => {});
  c.on('finish', () => console.log(`round ${round}: finish, written`, c.bytesWritten));
  c.on('close', () => {
    console.log(`round ${round}: close, written`, c.bytesWritten, 'read', c.bytesRead, 'server read', serverRead);
    if (++round < 2) {
      c.connect(server.address().port, '127.0.0.1');
      console.log('connect again: written', c.bytesWritten, 'read', c.bytesRead);
    } else {
      server.close();
    }
  });
});

// Recorded with: node tests/node/tcp_echo_server_and_client_on_loopback.js
// A TCP echo server and client on 127.0.0.1 in one script: connect, data,
// end and close events, in the poll and close phases; then a connect to a
// closed port fails with ECONNREFUSED in Node's error shape.
const net = require('net');
const server = net.createServer((socket) => {
  console.log('server: connection from ' + socket.remoteAddress);
  socket.on('data', (d) => {
    console.log('server: got ' + d.toString());
    socket.write('echo: ' + d);
  });
  socket.on('end', () => console.log('server: client ended'));
  socket.on('close', () => {
    console.log('server: socket closed');
    server.close(() => console.log('server: closed'));
  });
});
server.listen(0, '127.0.0.1', () => {
  const { port, address, family } = server.address();
  console.log('listening on ' + address + ' (' + family + '), port is a number: ' + (typeof port === 'number'));
  const client = net.connect(port, '127.0.0.1', () => {
    console.log('client: connected');
    client.write('hello');
  });
  client.setEncoding('utf8');
  client.on('data', (d) => {
    console.log('client: got ' + d);
    client.end();
  });
  client.on('end', () => console.log('client: server ended'));
  client.on('close', (hadError) => {
    console.log('client: closed, hadError ' + hadError);
    refused();
  });
});
function refused() {
  const socket = net.connect(1, '127.0.0.1');
  socket.on('error', (e) => console.log('refused: ' + [e.code, e.errno, e.syscall, e.address, e.port].join(' ') + ' / ' + e.message));
  socket.on('close', (hadError) => console.log('refused: closed, hadError ' + hadError));
}

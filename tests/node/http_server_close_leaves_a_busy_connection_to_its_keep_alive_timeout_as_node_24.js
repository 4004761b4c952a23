// node tests/node/http_server_close_leaves_a_busy_connection_to_its_keep_alive_timeout_as_node_24.js > tests/node/http_server_close_leaves_a_busy_connection_to_its_keep_alive_timeout_as_node_24.out (recorded with Node 24)
// server.close() while a response is under way: Node's httpServerPreClose
// closes only the connections idle at that moment; this one finishes its
// response, stays open as a keep-alive connection, and closes at its
// keep-alive timeout, after which the server's 'close' comes.
const http = require('http');
const server = http.createServer((req, res) => {
  res.end('x');
  server.close(() => console.log('close callback'));
  console.log('close called; listening:', server.listening);
});
server.keepAliveTimeout = 50;
server.on('close', () => console.log('server close'));
server.listen(0, () => {
  http.get({ port: server.address().port }, (res) => {
    console.log('response', res.statusCode, res.headers.connection);
    res.socket.on('close', () => console.log('client socket close'));
    res.resume();
    res.on('end', () => console.log('res end'));
  });
});

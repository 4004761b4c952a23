// node tests/node/http_server_socket_set_encoding_throws_as_node_24.js > tests/node/http_server_socket_set_encoding_throws_as_node_24.out (recorded with Node 24)
// An http.Server's sockets carry bytes whose decoding the parser owns:
// socket.setEncoding throws ERR_HTTP_SOCKET_ENCODING (lib/_http_server.js
// socketSetEncoding) and the request is still served; a client's socket
// keeps net.Socket's setEncoding.
const http = require('http');
const server = http.createServer((req, res) => res.end('ok'));
server.on('connection', (socket) => {
  try {
    socket.setEncoding('utf8');
    console.log('server: setEncoding returned');
  } catch (err) {
    console.log('server:', err.name, err.code, err.message);
  }
  console.log('server: readableEncoding', socket.readableEncoding);
});
server.listen(0, '127.0.0.1', () => {
  const req = http.get({ port: server.address().port, host: '127.0.0.1', agent: false }, (res) => {
    console.log('client: socket setEncoding is net\'s', req.socket.setEncoding === require('net').Socket.prototype.setEncoding);
    let body = '';
    res.on('data', (d) => { body += d; });
    res.on('end', () => {
      console.log('client:', res.statusCode, body);
      server.close();
    });
  });
});

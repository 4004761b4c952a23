// node tests/node/http_server_parse_error_repeats_for_every_read_after_it_as_node_24.js > tests/node/http_server_parse_error_repeats_for_every_read_after_it_as_node_24.out (recorded with Node 24)
// An HTTP server's parser that met an error keeps it (llhttp returns it
// again for every later execute), so with a 'clientError' listener that
// leaves the socket open each later read, even a valid request, is one
// more 'clientError' of the same code, with that read as its rawPacket;
// no request is ever emitted on the connection.
const http = require('http');
const net = require('net');

const log = (s) => console.log(s);
let i = 0;
let socket;
const server = http.createServer(() => log('request'));
server.on('clientError', (err, s) => {
  log(`clientError ${err.code} ${JSON.stringify(err.message)} bytesParsed ${err.bytesParsed} rawPacket ${JSON.stringify(err.rawPacket.toString())} reason ${JSON.stringify(err.reason)} writable ${s.writable}`);
  if (i === 3) socket.end();
  else {
    socket.write(i === 1 ? 'GET / HTTP/1.1\r\nHost: x\r\n\r\n' : '*');
    i++;
  }
});
server.listen(0, '127.0.0.1', () => {
  socket = net.createConnection({ port: server.address().port, host: '127.0.0.1' });
  socket.on('connect', () => socket.write('*'));
  socket.on('data', (d) => log(`client got ${JSON.stringify(d.toString())}`));
  socket.on('close', () => {
    log('client close');
    server.close();
  });
});

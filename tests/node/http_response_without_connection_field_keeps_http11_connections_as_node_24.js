// node tests/node/http_response_without_connection_field_keeps_http11_connections_as_node_24.js > tests/node/http_response_without_connection_field_keeps_http11_connections_as_node_24.out (recorded with Node 24)
// A response whose Connection field was removed (res.removeHeader) is sent
// without one, and the connection persists as HTTP/1.1's default has it
// (Node 24's _storeHeader: _last is !shouldKeepAlive); an HTTP/1.0
// request's connection still closes after its response.
const http = require('http');
const net = require('net');
let n = 0;
const server = http.createServer((req, res) => {
  res.removeHeader('connection');
  res.end(`response ${++n} to HTTP/${req.httpVersion}\n`);
});
const show = (text) => text.replace(/\r\nDate: [^\r]*/, '').split('\r\n').join(' | ');
function exchange(socket, request) {
  return new Promise((resolve) => {
    let got = '';
    const onData = (d) => {
      got += d;
      if (/\n$/.test(got) && got.includes('\r\n\r\n')) {
        socket.removeListener('data', onData);
        resolve(got);
      }
    };
    socket.on('data', onData);
    socket.write(request);
  });
}
server.listen(0, '127.0.0.1', async () => {
  const port = server.address().port;
  const a = net.connect(port, '127.0.0.1');
  a.setEncoding('latin1');
  a.on('end', () => console.log('1.1 socket: server ended it'));
  console.log(show(await exchange(a, 'GET /1 HTTP/1.1\r\nHost: x\r\n\r\n')));
  console.log(show(await exchange(a, 'GET /2 HTTP/1.1\r\nHost: x\r\n\r\n')));
  console.log('1.1 socket still open after two responses:', !a.destroyed && !a.readableEnded);
  a.end();
  a.on('close', () => {
    const b = net.connect(port, '127.0.0.1');
    b.setEncoding('latin1');
    let got = '';
    b.on('data', (d) => { got += d; });
    b.on('end', () => {
      console.log(show(got));
      console.log('1.0 socket: server ended it');
      server.close();
    });
    b.write('GET /3 HTTP/1.0\r\nHost: x\r\n\r\n');
  });
});

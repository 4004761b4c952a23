// node tests/node/http_request_with_invalid_transfer_encoding_is_emitted_then_rejected_as_node_24.js > tests/node/http_request_with_invalid_transfer_encoding_is_emitted_then_rejected_as_node_24.out (recorded with Node 24)
// A request whose Transfer-Encoding does not end in chunked is an error
// llhttp finds once the head is complete (after on_headers_complete): the
// 'request' event comes first, then the parse error goes to 'clientError'
// (HPE_INVALID_TRANSFER_ENCODING); no body reaches the request. `chunked`
// followed by another coding is an error of the head: no 'request'. A
// response whose Content-Length and Transfer-Encoding were both removed is
// delimited by the connection's close.
const http = require('http');
const net = require('net');
const msg = 'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunkedchunked\r\n\r\n1\r\nA\r\n0\r\n\r\n';
let step = 0;
const server = http.createServer((req, res) => {
  if (step === 2) console.log('request (not expected)');
  if (step === 0) {
    console.log('request', req.method, req.headers['transfer-encoding']);
    req.on('data', () => console.log('data (not expected)'));
    req.on('end', () => console.log('end (not expected)'));
    return;
  }
  res.removeHeader('content-length');
  res.removeHeader('transfer-encoding');
  res.removeHeader('date');
  res.end('until close\n');
});
server.listen(0, '127.0.0.1', () => {
  const port = server.address().port;
  server.once('clientError', (err, socket) => {
    console.log('clientError', err.code, err.message);
    socket.end('HTTP/1.1 400 Bad Request\r\n\r\n');
  });
  const a = net.connect(port, '127.0.0.1');
  let got = '';
  a.setEncoding('latin1');
  a.on('data', (d) => { got += d; });
  a.on('end', () => {
    console.log('client got', JSON.stringify(got));
    step = 1;
    const b = net.connect(port, '127.0.0.1');
    let got2 = '';
    b.setEncoding('latin1');
    b.on('data', (d) => { got2 += d; });
    b.on('end', () => {
      console.log('client got', JSON.stringify(got2));
      step = 2;
      server.once('clientError', (err, socket) => {
        console.log('clientError', err.code, err.message);
        socket.destroy();
      });
      const c = net.connect(port, '127.0.0.1');
      c.resume();
      c.on('close', () => server.close());
      c.write('POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, deflate\r\n\r\n0\r\n\r\n');
    });
    b.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  });
  a.write(msg);
});

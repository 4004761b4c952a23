// Recorded with Node 24: node tests/node/http_field_value_connection_and_content_length_checks_as_node_24.js
// The checks an HTTP message's fields go through: setHeader's value check
// (ERR_INVALID_CHAR for a code unit outside HTAB, SP to ~ and 0x80-0xff),
// a status message's, the Connection field deciding keep-alive (a request
// on a raw socket, the server's response read back) and Content-Length's
// digits (a response with a malformed one is a parse error).
const http = require('http');
const net = require('net');
const log = (s) => console.log(s);
const values = ['text/plain', 'a\tb', 'caf\u00e9', '\u00ff\u0080', 'a\u007fb', 'a\u0000b', 'a\rb', 'a\nb', '\u0100', '\u20ac', '\ud800', 'x\udc00y', '', ' ', 42, true];
for (const v of values) {
  const res = new http.ServerResponse({ method: 'GET', httpVersionMajor: 1, httpVersionMinor: 1, headers: {} });
  try {
    res.setHeader('X-Test', v);
    log(`setHeader ${JSON.stringify(v)}: ok ${JSON.stringify(res.getHeader('x-test'))}`);
  } catch (e) {
    log(`setHeader ${JSON.stringify(v)}: ${e.code} ${e.message}`);
  }
}
log(`_checkInvalidHeaderChar: ${values.filter((v) => typeof v === 'string').map((v) => require('_http_common')._checkInvalidHeaderChar(v)).join(' ')}`);

const connections = ['keep-alive', 'Keep-Alive', 'close', 'CLOSE', 'keep-alive, close', 'upgrade,close', 'closed', 'xclose', 'keep-alive '];
const lengths = ['2', ' 2 ', '02', '2\t', '+2', '0x2', '2 2', '\u0662'];
const server = http.createServer((req, res) => {
  if (req.url.startsWith('/len/')) {
    const cl = decodeURIComponent(req.url.slice(5));
    req.socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${cl}\r\n\r\nok`);
    return;
  }
  res.end('ok');
});
server.listen(0, '127.0.0.1', async () => {
  const { port } = server.address();
  for (const c of connections) {
    await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      let got = '';
      s.setEncoding('latin1');
      s.on('data', (d) => { got += d; });
      s.on('close', () => {
        const head = got.split('\r\n\r\n')[0].split('\r\n');
        log(`Connection ${JSON.stringify(c)}: ${head.find((l) => /^connection:/i.test(l))}`);
        resolve();
      });
      s.write(`GET / HTTP/1.1\r\nHost: x\r\nConnection: ${c}\r\n\r\n`);
      setTimeout(() => s.end(), 200);
    });
  }
  for (const cl of lengths) {
    await new Promise((resolve) => {
      const req = http.get({ port, host: '127.0.0.1', path: `/len/${encodeURIComponent(cl)}`, agent: false }, (res) => {
        let body = '';
        res.setEncoding('latin1');
        res.on('data', (d) => { body += d; });
        res.on('end', () => { log(`Content-Length ${JSON.stringify(cl)}: ${res.statusCode} ${JSON.stringify(res.headers['content-length'])} ${JSON.stringify(body)}`); resolve(); });
      });
      req.on('error', (e) => { log(`Content-Length ${JSON.stringify(cl)}: ${e.code} ${e.message}`); resolve(); });
    });
  }
  server.close();
});

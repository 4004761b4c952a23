// node tests/node/http_server_header_overflow_reports_the_chunk_parsed_as_node_24.js > tests/node/http_server_header_overflow_reports_the_chunk_parsed_as_node_24.out (recorded with Node 24)
// A request head that grows past http.maxHeaderSize before it is complete:
// HPE_HEADER_OVERFLOW with bytesParsed the whole chunk it grew past the
// size in (llhttp had taken it when Node's size check failed), and that
// chunk as rawPacket; the client gets 431.
'use strict';
const http = require('http');
const net = require('net');

const line = 'GET /blah HTTP/1.1\r\n';
const big = 'Cookie: ' + 'a'.repeat(http.maxHeaderSize);
const cases = [[line + big], [line, big], [line + 'X: y\r\n', big.slice(0, 9000), big.slice(9000)]];
(async () => {
  for (const chunks of cases) {
    await new Promise((resolve) => {
      const server = http.createServer((req, res) => res.end());
      server.on('clientError', (e, s) => {
        console.log(chunks.map((c) => c.length), e.code, e.message, e.bytesParsed, e.rawPacket?.length);
        s.end('HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n');
      });
      server.listen(0, '127.0.0.1', () => {
        const c = net.connect(server.address().port, '127.0.0.1', async () => {
          for (const chunk of chunks) {
            c.write(chunk);
            await new Promise((r) => setTimeout(r, 50));
          }
        });
        let got = '';
        c.on('data', (d) => got += d);
        c.on('error', () => {});
        c.on('close', () => { console.log('  client got', JSON.stringify(got.split('\r\n')[0])); server.close(); resolve(); });
      });
    });
  }
})();

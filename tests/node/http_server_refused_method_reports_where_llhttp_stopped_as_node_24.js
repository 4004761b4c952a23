// node tests/node/http_server_refused_method_reports_where_llhttp_stopped_as_node_24.js > tests/node/http_server_refused_method_reports_where_llhttp_stopped_as_node_24.out (recorded with Node 24)
// A request whose method llhttp refuses: llhttp matches the methods it
// knows (HTTP's and RTSP's) a byte at a time, so the error's bytesParsed is
// where no method goes on ("Invalid method encountered"), or the end of a
// whole method not followed by a space ("Expected space after method"),
// counted in the chunk it came in (empty lines before it included); an
// RTSP method over HTTP is HPE_INVALID_CONSTANT after the protocol's
// letters.
'use strict';
const http = require('http');
const net = require('net');

const inputs = ['Oopsie-doopsie\r\n', 'FOO /\r\n', 'FLUX / HTTP/1.1\r\n\r\n', 'PLAY / HTTP/1.1\r\n\r\n', 'GETX / HTTP/1.1\r\n\r\n',
  'GET_X / HTTP/1.1\r\n\r\n', 'PROPX / HTTP/1.1\r\n\r\n', '\r\n\r\nXYZ / HTTP/1.1\r\n\r\n', 'M-SEARCHX / HTTP/1.1\r\n\r\n',
  'get / HTTP/1.1\r\n\r\n', 'UNSUBSCRIBEX', ['GE', 'X / HTTP/1.1\r\n\r\n'], ['P', 'LAY / HTTP/1.1\r\n\r\n'], ['PLAY / HT', 'TP/1.1\r\n\r\n'],
  ['GET / HTTP/1.1\r\nHost: x\r\n\r\nZAP', ' / HTTP/1.1\r\n\r\n']];
(async () => {
  for (const input of inputs) {
    await new Promise((resolve) => {
      const server = http.createServer((req, res) => res.end());
      server.on('clientError', (e, s) => {
        console.log(JSON.stringify(input), e.code, e.message, e.reason, e.bytesParsed, JSON.stringify(String(e.rawPacket)));
        s.destroy();
      });
      server.listen(0, '127.0.0.1', () => {
        const c = net.connect(server.address().port, '127.0.0.1', async () => {
          if (Array.isArray(input)) {
            c.write(input[0]);
            await new Promise((r) => setTimeout(r, 50));
            c.write(input[1]);
          } else c.write(input);
          setTimeout(() => c.end(), 100);
        });
        c.on('error', () => {});
        c.resume();
        c.on('close', () => { server.close(); resolve(); });
      });
    });
  }
})();

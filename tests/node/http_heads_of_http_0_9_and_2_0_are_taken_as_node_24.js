// node tests/node/http_heads_of_http_0_9_and_2_0_are_taken_as_node_24.js > tests/node/http_heads_of_http_0_9_and_2_0_are_taken_as_node_24.out (recorded with Node 24)
// llhttp, Node's parser, takes a head whose version is HTTP/0.9 or
// HTTP/2.0 besides 1.0 and 1.1 (any other is HPE_INVALID_VERSION): a
// response's httpVersion is what the status line says, and neither keeps
// the connection alive (llhttp_should_keep_alive's HTTP/1.0 rule for a
// minor or major of 0); a server answers such a request, with
// `Connection: close`.
'use strict';
const http = require('http');
const net = require('net');

const versions = ['0.9', '1.0', '1.1', '2.0', '1.2', '0.8', '3.0'];
(async () => {
  for (const v of versions) {
    await new Promise((resolve) => {
      const server = net.createServer((c) => c.end(`HTTP/${v} 200 OK\r\nX: y\r\n\r\nbody`));
      server.listen(0, '127.0.0.1', () => {
        const req = http.get({ host: '127.0.0.1', port: server.address().port, agent: false }, (res) => {
          let b = '';
          res.on('data', (d) => b += d);
          res.on('end', () => {
            console.log('response', v, res.httpVersion, res.httpVersionMajor, res.httpVersionMinor, res.headers.x, JSON.stringify(b), req.shouldKeepAlive);
            server.close();
            resolve();
          });
        });
        req.on('error', (e) => { console.log('response', v, 'error', e.code, e.message); server.close(); resolve(); });
      });
    });
  }
  for (const v of versions) {
    await new Promise((resolve) => {
      const server = http.createServer((req, res) => {
        console.log('request', v, req.httpVersion, req.httpVersionMajor, req.httpVersionMinor);
        res.end('ok');
      });
      server.on('clientError', (e, s) => { console.log('request', v, 'clientError', e.code, e.message); s.destroy(); });
      server.listen(0, '127.0.0.1', () => {
        const c = net.connect(server.address().port, '127.0.0.1', () => c.write(`GET / HTTP/${v}\r\nHost: x\r\n\r\n`));
        let got = '';
        // (The whole answer come: the client ends, so that a kept-alive
        // connection closes too.)
        c.on('data', (d) => { got += d; if (got.endsWith('\r\n\r\nok')) c.end(); });
        c.on('error', () => {});
        c.on('close', () => {
          console.log('  reply', JSON.stringify(got.split('\r\n')[0]), /Connection: (\S+)/.exec(got)?.[1], JSON.stringify(got.split('\r\n\r\n')[1]));
          server.close();
          resolve();
        });
      });
    });
  }
})();

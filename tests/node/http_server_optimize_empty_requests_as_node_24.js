// node tests/node/http_server_optimize_empty_requests_as_node_24.js > tests/node/http_server_optimize_empty_requests_as_node_24.out (recorded with Node 24)
// http.createServer({ optimizeEmptyRequests: true }) (Node 24): a request
// with neither Content-Length nor Transfer-Encoding reaches the handler
// already read to its end and destroyed (_dumped, readableEnded, no
// 'data', 'end' or 'close' events); one with either field is read as
// usual. The option must be a boolean.
const http = require('http');
try { http.createServer({ optimizeEmptyRequests: 'x' }); console.log('no throw'); } catch (e) { console.log(e.code, e.message); }
const net = require('net');
const server = http.createServer({ optimizeEmptyRequests: true }, (req, res) => {
  const st = req._readableState;
  console.log(req.method, JSON.stringify(req.headers), 'dumped', req._dumped, 'closeEmitted', st.closeEmitted, 'complete', req.complete);
  req.on('end', () => console.log('end event'));
  req.on('close', () => console.log('close event'));
  res.end('ok');
});
const reqs = ['HEAD / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n', 'OPTIONS / HTTP/1.1\r\nHost: x\r\n\r\n', 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n', 'PUT / HTTP/1.1\r\nHost: x\r\n\r\n', 'GET / HTTP/1.0\r\n\r\n'];
server.listen(0, '127.0.0.1', async () => {
  for (const r of reqs) {
    await new Promise((resolve) => {
      const c = net.connect(server.address().port, '127.0.0.1', () => c.end(r));
      c.resume();
      c.on('close', resolve);
    });
  }
  server.close();
});

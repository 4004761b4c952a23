// node tests/node/http_server_idle_keep_alive_timeout_goes_to_timeout_listeners_as_node_24.js > tests/node/http_server_idle_keep_alive_timeout_goes_to_timeout_listeners_as_node_24.out (recorded with Node 24)
// An idle keep-alive connection's timeout (keepAliveTimeout plus
// keepAliveTimeoutBuffer) goes to the server's 'timeout' listeners, as
// Node's socketOnTimeout does; keepAliveTimeoutBuffer's default and checks.
const http = require('http');
const net = require('net');
const log = (s) => console.log(s);
for (const v of [undefined, 50, 0, -1, 'x', 1.5, Infinity]) {
  try { const s = http.createServer({ keepAliveTimeoutBuffer: v }); log(String(v) + ' ' + s.keepAliveTimeoutBuffer); }
  catch (e) { log(String(v) + ' ' + e.name + ' ' + e.code + ' ' + e.message); }
}
const keys = Object.keys(http.createServer());
log('keepAliveTimeoutBuffer after keepAliveTimeout: ' + (keys.indexOf('keepAliveTimeoutBuffer') - keys.indexOf('keepAliveTimeout')));
const server = http.createServer((req, res) => {
  log('request ' + req.url);
  res.end('ok');
});
server.keepAliveTimeout = 200;
server.keepAliveTimeoutBuffer = 100;
server.on('timeout', (socket) => {
  log('server timeout, destroyed=' + socket.destroyed + ' httpMessage=' + socket._httpMessage);
  socket.destroy();
  server.close(() => log('server closed'));
});
server.listen(0, () => {
  const c = net.connect(server.address().port, () => {
    c.write('GET /1 HTTP/1.1\r\nHost: localhost\r\n\r\n');
  });
  let got = '';
  c.on('data', (d) => { got += d; });
  c.on('end', () => log('client end, ' + (got.startsWith('HTTP/1.1 200 OK') ? '200' : got) + ', keep-alive header: ' + /Keep-Alive: timeout=0/.test(got)));
  c.on('close', () => log('client close'));
});

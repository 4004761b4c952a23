// node tests/node/http_upgrade_and_connect_sockets_come_detached_from_the_server_as_node_24.js > tests/node/http_upgrade_and_connect_sockets_come_detached_from_the_server_as_node_24.out (recorded with Node 24)
// lib/_http_server.js onParserExecuteCommon: before a server emits
// 'connect' (CONNECT) or 'upgrade', it takes its own listeners off the
// socket ('data', 'end', 'close', 'drain', 'error', 'timeout'), so the
// listener gets a socket with only net's own 'end' listener; the client's
// socket comes the same way to the request's 'connect' and 'upgrade'.
const http = require('http');

const events = ['close', 'drain', 'data', 'end', 'error', 'timeout', 'connect', 'free', 'readable', 'finish'];
const counts = (s) => events.map((e) => `${e}:${s.listenerCount(e)}`).join(' ');
const log = (s) => console.log(s);

const server = http.createServer(() => log('request'));
server.on('connect', (req, socket, head) => {
  log(`server connect ${req.method} ${req.url} head ${head.length}: ${counts(socket)}`);
  socket.write('HTTP/1.1 200 Connection established\r\n\r\n');
  socket.on('end', () => socket.end());
});
server.on('upgrade', (req, socket, head) => {
  log(`server upgrade ${req.headers.upgrade} head ${JSON.stringify(head.toString())}: ${counts(socket)}`);
  socket.write('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: demo\r\n\r\n');
  socket.on('end', () => socket.end());
});
server.listen(0, '127.0.0.1', () => {
  const port = server.address().port;
  const req = http.request({ port, host: '127.0.0.1', method: 'CONNECT', path: 'example.com:443', timeout: 20000 });
  req.on('connect', (res, socket, head) => {
    log(`client connect ${res.statusCode} head ${head.length}: ${counts(socket)} _httpMessage ${socket._httpMessage}`);
    socket.on('close', () => {
      const up = http.request({ port, host: '127.0.0.1', headers: { Connection: 'Upgrade', Upgrade: 'demo' } });
      up.on('upgrade', (res2, socket2, head2) => {
        log(`client upgrade ${res2.statusCode} head ${head2.length}: ${counts(socket2)}`);
        socket2.on('close', () => server.close());
        socket2.end();
      });
      up.end('early');
    });
    socket.end();
  });
  req.end();
});

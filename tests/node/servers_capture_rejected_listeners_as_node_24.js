// node tests/node/servers_capture_rejected_listeners_as_node_24.js > tests/node/servers_capture_rejected_listeners_as_node_24.out (recorded with Node 24)
// With events.captureRejections, a net.Server whose async 'connection'
// listener rejects destroys that socket with the error, and any other
// event's rejection is the server's 'error' (lib/net.js); an http.Server
// whose async 'request' listener rejects answers 500 'Internal Server
// Error' without the headers the listener set (lib/_http_server.js).
const events = require('events');
const net = require('net');
const http = require('http');
events.captureRejections = true;

const kaboom = new Error('kaboom');
const server = net.createServer(async (sock) => {
  sock.on('error', (err) => console.log('net: socket error is the rejection', err === kaboom));
  sock.on('close', () => console.log('net: socket closed, destroyed', sock.destroyed));
  throw kaboom;
});
server.on('error', (err) => {
  console.log('net: server error', err.message);
  server.close(step2);
});
server.on('custom', async () => {
  throw new Error('from custom');
});
server.listen(0, '127.0.0.1', () => {
  const c = net.connect(server.address().port, '127.0.0.1');
  c.resume();
  c.on('error', (err) => console.log('net: client error', err.code));
  c.on('close', () => {
    console.log('net: client close');
    server.emit('custom');
  });
});

function step2() {
  const hs = http.createServer(async (req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-leak', '1');
    throw new Error('kaboom');
  });
  hs.listen(0, '127.0.0.1', () => {
    http.get({ port: hs.address().port, host: '127.0.0.1', agent: false }, (res) => {
      console.log('http:', res.statusCode, res.statusMessage, Object.keys(res.headers).filter((h) => h !== 'date'));
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => { body += d; });
      res.on('end', () => {
        console.log('http: body', JSON.stringify(body));
        hs.close();
      });
    });
  });
}

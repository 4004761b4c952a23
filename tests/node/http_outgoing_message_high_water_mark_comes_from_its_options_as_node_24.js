// node tests/node/http_outgoing_message_high_water_mark_comes_from_its_options_as_node_24.js > tests/node/http_outgoing_message_high_water_mark_comes_from_its_options_as_node_24.out (recorded with Node 24)
// An OutgoingMessage's writableHighWaterMark with no socket is its own
// high water mark: options.highWaterMark (ServerResponse, OutgoingMessage;
// ClientRequest when not null or undefined), else the streams' default.
// A write buffered before the socket comes returns false at that mark, and
// a keep-alive agent's reused socket takes the request's highWaterMark.
const http = require('http');
const net = require('net');
const stream = require('stream');

function request11(version) {
  const r = new http.IncomingMessage(new net.Socket());
  r.httpVersionMajor = 1;
  r.httpVersionMinor = version;
  r.headers = {};
  return r;
}
const keys = (o) => Object.keys(o).filter((k) => /high/i.test(k)).join(',') || '-';
for (const hwm of [1024, 0, null, undefined, '7', -1, 7.5]) {
  const res = new http.ServerResponse(request11(1), { highWaterMark: hwm });
  console.log('ServerResponse 1.1', String(hwm), res.writableHighWaterMark, keys(res));
}
console.log('ServerResponse no options', new http.ServerResponse(request11(1)).writableHighWaterMark);
console.log('ServerResponse 1.0', new http.ServerResponse(request11(0), { highWaterMark: 512 }).writableHighWaterMark);
class MyResponse extends http.ServerResponse {}
console.log('subclass', new MyResponse(request11(1), { highWaterMark: 300 }).writableHighWaterMark);
console.log('OutgoingMessage', new http.OutgoingMessage({ highWaterMark: 2048 }).writableHighWaterMark, new http.OutgoingMessage().writableHighWaterMark);
for (const hwm of [4096, 0, null, undefined, 'x']) {
  const req = new http.ClientRequest({ highWaterMark: hwm, createConnection() { return new net.Socket(); } });
  console.log('ClientRequest', String(hwm), req.socket === null, req.writableHighWaterMark);
}

// Writes buffered with no socket: false once outputSize reaches the mark.
const res = new http.ServerResponse(request11(1), { highWaterMark: 100 });
console.log('write 50', res.write('a'.repeat(50)));
console.log('write 60', res.write('b'.repeat(60)));
const big = new http.ServerResponse(request11(1));
console.log('default write 1000', big.write('c'.repeat(1000)));

stream.setDefaultHighWaterMark(false, 333);
console.log('after setDefaultHighWaterMark', new http.OutgoingMessage().writableHighWaterMark,
  new http.ServerResponse(request11(1)).writableHighWaterMark);
stream.setDefaultHighWaterMark(false, 65536);

// A keep-alive agent's free socket reused by a request with a highWaterMark.
const server = http.createServer((req, res) => res.end('ok'));
server.listen(0, '127.0.0.1', () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const port = server.address().port;
  http.get({ port, host: '127.0.0.1', agent }, (res1) => {
    res1.resume();
    res1.on('end', () => {
      setImmediate(() => {
        const req2 = http.get({ port, host: '127.0.0.1', agent, highWaterMark: 1500 }, (res2) => {
          console.log('reused', req2.reusedSocket, 'socket hwm', req2.socket.writableHighWaterMark, 'request hwm', req2.writableHighWaterMark);
          res2.resume();
          res2.on('end', () => { agent.destroy(); server.close(); });
        });
      });
    });
  });
});

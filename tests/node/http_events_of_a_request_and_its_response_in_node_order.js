// Recorded with: node tests/node/http_events_of_a_request_and_its_response_in_node_order.js > tests/node/http_events_of_a_request_and_its_response_in_node_order.out
// The events of one exchange on both sides, in the order Node emits them
// (with the handler's nextTicks, promise reactions and immediates between):
// Expect: 100-continue ('checkContinue', 'continue', 'information'), the
// request's and response's 'finish', 'end' and 'close'; an upgrade with the
// bytes after the head; a request that times out and is destroyed; a
// request destroyed before its socket came.
'use strict';
const http = require('http');
const log = (s) => console.log(s);
const server = http.createServer();
server.on('checkContinue', (req, res) => {
  log(`server: checkContinue ${req.url} expect=${req.headers.expect}`);
  process.nextTick(() => log('server: checkContinue nextTick'));
  Promise.resolve().then(() => log('server: checkContinue promise'));
  res.writeContinue(() => log('server: writeContinue callback'));
  let body = '';
  req.on('data', (c) => { body += c; });
  req.on('end', () => {
    log(`server: request end ${JSON.stringify(body)}`);
    res.end('done');
  });
  req.on('close', () => log('server: request close'));
  res.on('finish', () => log('server: response finish'));
  res.on('close', () => log('server: response close'));
});
server.on('request', (req, res) => {
  log(`server: request ${req.method} ${req.url}`);
  if (req.url === '/slow') {
    req.on('close', () => log(`server: /slow request close aborted=${req.aborted}`));
    res.on('close', () => log(`server: /slow response close finished=${res.writableFinished}`));
    return;
  }
  res.end('ok');
});
server.on('upgrade', (req, socket, head) => {
  log(`server: upgrade ${req.headers.upgrade} head ${JSON.stringify(head.toString())}`);
  socket.end('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\nfrom server');
});

function expectContinue(port, next) {
  const req = http.request({ port, host: '127.0.0.1', method: 'PUT', path: '/continue', headers: { Expect: '100-continue' } });
  req.on('information', (info) => log(`client: information ${info.statusCode} ${info.statusMessage}`));
  req.on('continue', () => {
    log('client: continue');
    process.nextTick(() => log('client: continue nextTick'));
    req.end('body after continue');
  });
  req.on('finish', () => log('client: request finish'));
  req.on('response', (res) => {
    log(`client: response ${res.statusCode}`);
    res.setEncoding('utf8');
    res.on('data', (d) => log(`client: data ${d}`));
    res.on('end', () => log('client: response end'));
    res.on('close', () => log('client: response close'));
  });
  req.on('close', () => { log('client: request close'); setImmediate(next); });
}

function upgrade(port, next) {
  const req = http.request({ port, host: '127.0.0.1', headers: { Connection: 'Upgrade', Upgrade: 'echo' } });
  req.on('upgrade', (res, socket, head) => {
    log(`client: upgrade ${res.statusCode} ${res.headers.upgrade} head ${JSON.stringify(head.toString())}`);
    socket.on('data', (d) => log(`client: socket data ${JSON.stringify(d.toString())}`));
    socket.on('end', () => log('client: socket end'));
    socket.on('close', () => { log('client: socket close'); next(); });
    socket.end();
  });
  req.end('bytes after the head');
}

function timesOut(port, next) {
  const req = http.get({ port, host: '127.0.0.1', path: '/slow' });
  req.setTimeout(30, () => {
    log('client: timeout');
    req.destroy();
  });
  req.on('error', (e) => log(`client: error ${e.code} ${e.message}`));
  req.on('close', () => { log(`client: /slow close destroyed=${req.destroyed}`); setTimeout(next, 20); });
}

function destroyedEarly(port, next) {
  const req = http.get({ port, host: '127.0.0.1', path: '/never' });
  req.on('socket', () => log('client: socket (not expected)'));
  req.on('error', (e) => log(`client: early error ${e.code} ${e.message}`));
  req.on('close', () => { log('client: early close'); next(); });
  req.destroy();
  log(`client: destroyed ${req.destroyed}`);
}

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  expectContinue(port, () => upgrade(port, () => timesOut(port, () => destroyedEarly(port, () => {
    server.close(() => log('server: closed'));
    http.globalAgent.destroy();
  }))));
});

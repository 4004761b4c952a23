// Recorded with: node tests/node/http_request_handler_ticks_promises_and_immediates.js > tests/node/http_request_handler_ticks_promises_and_immediates.out
// A server and a client in one process: the request handler runs in a poll
// phase callback (its nextTicks, then its promise reactions, right after it;
// its immediates in the check phase that follows), the client's 'response'
// comes in a later poll phase, and a keep-alive socket is reused.
const http = require('http');
const log = (s) => console.log(s);
let n = 0;
const server = http.createServer((req, res) => {
  const id = ++n;
  log(`handler ${id}: ${req.method} ${req.url} http/${req.httpVersion} host=${req.headers.host === `127.0.0.1:${server.address().port}`}`);
  process.nextTick(() => log(`handler ${id}: nextTick`));
  // (Not for the POST: where its body comes with its head, Node ends the
  // request after the handler's promise reactions and jsloop before them;
  // conformance/known-differences.md.)
  if (req.method !== 'POST') Promise.resolve().then(() => log(`handler ${id}: promise`));
  setImmediate(() => log(`handler ${id}: immediate`));
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c) => { body += c; });
  req.on('end', () => {
    log(`handler ${id}: request end, body ${JSON.stringify(body)}`);
    res.setHeader('X-Id', String(id));
    if (req.method === 'POST') {
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.write('{"got":');
      res.end(JSON.stringify(body) + '}');
    } else {
      res.end(`hello ${id}`);
    }
  });
  res.on('finish', () => log(`handler ${id}: response finish`));
});
function get(path, done) {
  const req = http.get({ host: '127.0.0.1', port: server.address().port, path }, (res) => {
    log(`client: ${path} -> ${res.statusCode} ${res.statusMessage} x-id=${res.headers['x-id']} length=${res.headers['content-length']} connection=${res.headers.connection} keep-alive=${res.headers['keep-alive']} reused=${req.reusedSocket}`);
    process.nextTick(() => log(`client: ${path} response nextTick`));
    let data = '';
    res.on('data', (c) => { data += c; });
    res.on('end', () => { log(`client: ${path} body ${JSON.stringify(data)}`); setImmediate(done); });
  });
}
server.listen(0, '127.0.0.1', () => {
  log('listening');
  get('/first', () => get('/second?x=1', () => {
    const req = http.request({ host: '127.0.0.1', port: server.address().port, method: 'POST', path: '/post', headers: { 'Content-Type': 'text/plain' } }, (res) => {
      log(`client: POST -> ${res.statusCode} ${res.headers['content-type']} te=${res.headers['transfer-encoding']} reused=${req.reusedSocket}`);
      res.setEncoding('utf8');
      let data = '';
      res.on('data', (c) => { data += c; });
      res.on('end', () => {
        log(`client: POST body ${data}`);
        server.close(() => log('server closed'));
        http.globalAgent.destroy();
      });
    });
    req.write('part one, ');
    req.end('part two');
  }));
});

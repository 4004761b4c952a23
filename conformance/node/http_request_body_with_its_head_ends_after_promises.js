// A POST whose head and body arrive together: Node emits the request's 'end'
// after the handler's promise reactions (conformance/known-differences.md).
const http = require('http');
const log = (s) => console.log(s);
const server = http.createServer((req, res) => {
  log('handler');
  process.nextTick(() => log('nextTick'));
  Promise.resolve().then(() => log('promise'));
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c) => { body += c; });
  req.on('end', () => { log(`end ${body}`); res.end('ok'); });
});
server.listen(0, '127.0.0.1', () => {
  const req = http.request({ host: '127.0.0.1', port: server.address().port, method: 'POST', path: '/' }, (res) => {
    res.resume();
    res.on('end', () => { server.close(); http.globalAgent.destroy(); });
  });
  req.end('body');
});

// The loopback HTTP server that
// loopback_fetch_and_xhr_are_networking_tasks.js talks to. The test runs it
// with jsloop's node host (the recording: with Node 24) and reads the port
// it prints. Every response allows any origin (the page's origin is another).
const http = require('http');
// Whether a preflight came since the last /echo (runs one after another).
let preflighted = false;
const server = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => { body += chunk; });
  req.on('end', () => {
    const cors = { 'Access-Control-Allow-Origin': '*' };
    if (req.method === 'OPTIONS') {
      // A CORS preflight: what it asked for, allowed.
      preflighted = true;
      res.writeHead(204, { ...cors, 'Access-Control-Allow-Methods': req.headers['access-control-request-method'], 'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] || '' });
      res.end();
    } else if (req.url === '/text') {
      res.writeHead(200, { ...cors, 'Content-Type': 'text/plain', 'Content-Length': '5' });
      res.end('hello');
    } else if (req.url === '/redirect') {
      res.writeHead(302, { ...cors, Location: '/text' });
      res.end();
    } else if (req.url === '/echo') {
      const json = JSON.stringify({ method: req.method, body, contentType: req.headers['content-type'], xTest: req.headers['x-test'], preflighted });
      preflighted = false;
      res.writeHead(200, { ...cors, 'Content-Type': 'application/json', 'X-Hidden': 'not exposed' });
      res.end(json);
    } else if (req.url === '/no-cors') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.end('not for other origins');
    } else {
      res.writeHead(404, cors);
      res.end();
    }
  });
});
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));

// http_hello: N requests to a hello-world HTTP server in the same process
// over 127.0.0.1, made by node:http clients on one keep-alive agent with 8
// requests in flight (each client sends its next request when the previous
// response has ended), so every request is parsed, answered and read back
// through the loop's poller.
import http from 'node:http';
const N = Math.round(20_000 * (globalThis.BENCH_SCALE ?? 1));
const IN_FLIGHT = 8;
const BODY = 'Hello, world!\n';
const server = http.createServer((req, res) => {
  res.setHeader('Content-Type', 'text/plain');
  res.end(BODY);
});
server.listen(0, '127.0.0.1', () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const { port } = server.address();
  let started = 0, done = 0, bytes = 0, bad = 0;
  const next = () => {
    if (started >= N) return;
    started++;
    http.get({ host: '127.0.0.1', port, path: `/${started}`, agent }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (chunk) => { body += chunk; });
      res.on('end', () => {
        if (res.statusCode !== 200 || body !== BODY) bad++;
        bytes += body.length;
        if (++done === N) {
          console.log(`http_hello ${done} bytes=${bytes} bad=${bad}`);
          agent.destroy();
          server.close();
        } else next();
      });
    }).on('error', (err) => { throw err; });
  };
  for (let i = 0; i < IN_FLIGHT; i++) next();
});

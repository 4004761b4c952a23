// fetch_loop: N sequential fetch() calls to a hello-world node:http server in
// the same process over 127.0.0.1; each request starts when the previous
// response's body has been read (`await res.text()`), so every request goes
// through the runtime's fetch (its Request, Headers and Response, and its
// connection pool), the server's parser and the loop's poller, one at a time.
import http from 'node:http';
const N = Math.round(5_000 * (globalThis.BENCH_SCALE ?? 1));
const BODY = 'Hello, world!\n';
const server = http.createServer((req, res) => {
  res.setHeader('Content-Type', 'text/plain');
  res.end(BODY);
});
server.listen(0, '127.0.0.1', async () => {
  const base = `http://127.0.0.1:${server.address().port}/`;
  let bytes = 0, bad = 0;
  for (let i = 1; i <= N; i++) {
    const res = await fetch(base + i);
    const body = await res.text();
    if (res.status !== 200 || body !== BODY) bad++;
    bytes += body.length;
  }
  console.log(`fetch_loop ${N} bytes=${bytes} bad=${bad}`);
  server.close();
  // Keep-alive connections the fetch implementation holds would keep the
  // server (and so the process) alive: close them.
  server.closeAllConnections();
});

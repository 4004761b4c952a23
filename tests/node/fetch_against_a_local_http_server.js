// Recorded with: node tests/node/fetch_against_a_local_http_server.js
// fetch() against an http server on 127.0.0.1: what the server receives,
// status, headers (sorted and combined, set-cookie apart), the body read
// as JSON, text and a web stream, a redirect followed / manual / refused,
// a refused connection as `TypeError: fetch failed` with its cause, an
// abort; then Headers, Request, Response, Blob and File on their own.
'use strict';
const http = require('http');
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (d) => { body += d; });
  req.on('end', () => {
    const h = req.rawHeaders.filter((_, i) => i % 2 === 0 && req.rawHeaders[i] !== 'host');
    console.log(`server: ${req.method} ${req.url} [${h.join(' ')}] body ${JSON.stringify(body)}`);
    if (req.url === '/old') { res.writeHead(302, { location: '/new' }); res.end(); return; }
    if (req.url === '/slow') { res.writeHead(200); res.write('part'); return; }
    if (req.url === '/stream') { res.write('one,'); setTimeout(() => res.end('two'), 10); return; }
    res.setHeader('X-B', '1');
    res.appendHeader('Set-Cookie', 'a=1');
    res.appendHeader('Set-Cookie', 'b=2');
    res.setHeader('X-A', ['x', 'y']);
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ method: req.method, url: req.url }));
  });
});
const shown = (headers) => [...headers].filter(([k]) => k !== 'date' && k !== 'keep-alive').map(([k, v]) => `${k}=${v}`).join('; ');
server.listen(0, '127.0.0.1', async () => {
  const base = `http://127.0.0.1:${server.address().port}`;
  const r = await fetch(`${base}/json?q=1`);
  console.log(`client: ${r.status} ${r.statusText} ok ${r.ok} type ${r.type} redirected ${r.redirected} url ${r.url.replace(base, 'BASE')}`);
  console.log(`client: headers ${shown(r.headers)}`);
  console.log(`client: get x-a ${r.headers.get('x-a')}, set-cookie ${JSON.stringify(r.headers.getSetCookie())}`);
  console.log('client: json', await r.json(), 'bodyUsed', r.bodyUsed);
  try { await r.text(); } catch (e) { console.log(`client: again: ${e.name}: ${e.message}`); }

  const posted = await fetch(`${base}/old`, { method: 'POST', body: 'payload', headers: { 'X-Custom': 'yes' } });
  console.log(`client: after redirect ${posted.status} redirected ${posted.redirected} url ${posted.url.replace(base, 'BASE')}`);
  console.log('client: text', await posted.text());

  const manual = await fetch(`${base}/old`, { redirect: 'manual' });
  console.log(`client: manual ${manual.status} location ${manual.headers.get('location')}`);
  try { await fetch(`${base}/old`, { redirect: 'error' }); } catch (e) { console.log(`client: ${e.name}: ${e.message}, cause ${e.cause.message}`); }

  const streamed = await fetch(`${base}/stream`, { method: 'PUT', body: new URLSearchParams({ a: '1', b: 'two words' }) });
  const reader = streamed.body.getReader();
  const chunks = [];
  for (let c = await reader.read(); !c.done; c = await reader.read()) chunks.push(Buffer.from(c.value).toString());
  console.log(`client: stream ${streamed.body instanceof ReadableStream} ${JSON.stringify(chunks.join(''))}`);

  const controller = new AbortController();
  const slow = await fetch(`${base}/slow`, { signal: controller.signal });
  const pending = slow.text();
  controller.abort();
  try { await pending; } catch (e) { console.log(`client: aborted body: ${e.name}: ${e.message}`); }
  try { await fetch(`${base}/json`, { signal: controller.signal }); } catch (e) { console.log(`client: aborted before: ${e.name}`); }

  server.close(() => console.log('server closed'));
  server.closeAllConnections();
  // A port nobody listens on any more: the connection is refused.
  const closed = require('net').createServer().listen(0, '127.0.0.1', () => {
    const { port } = closed.address();
    closed.close(async () => {
      try {
        await fetch(`http://127.0.0.1:${port}/`);
      } catch (e) {
        console.log(`client: ${e.name}: ${e.message}; cause ${e.cause.name} ${e.cause.code} ${e.cause.syscall} ${e.cause.address}`);
      }
      standalone();
    });
  });
});

async function standalone() {
  const h = new Headers([['B', '2'], ['a', ' 1 ']]);
  h.append('b', '3');
  h.append('set-cookie', 'x=1');
  h.append('Set-Cookie', 'y=2');
  console.log('headers', [...h], h.get('B'), h.has('c'));
  try { h.append('bad name', 'v'); } catch (e) { console.log(`headers: ${e.name}: ${e.message}`); }
  const res = Response.json({ ok: true }, { status: 201, headers: { 'x-y': 'z' } });
  console.log('Response.json', res.status, res.headers.get('content-type'), await res.text());
  const redirect = Response.redirect('http://example.com/a', 301);
  console.log('Response.redirect', redirect.status, redirect.headers.get('location'));
  const error = Response.error();
  console.log('Response.error', error.type, error.status);
  try { new Response('x', { status: 204 }); } catch (e) { console.log(`Response 204 with body: ${e.name}`); }
  try { new Response(null, { status: 600 }); } catch (e) { console.log(`Response 600: ${e.name}`); }
  const copy = new Response('abc').clone();
  console.log('clone', await copy.text());
  const req = new Request('http://example.com/x', { method: 'post', body: 'b', headers: { 'x': '1' } });
  console.log('Request', req.method, req.url, req.headers.get('content-type'), await req.text());
  try { new Request('http://example.com', { method: 'GET', body: 'x' }); } catch (e) { console.log(`Request GET with body: ${e.name}: ${e.message}`); }
  try { await fetch('/relative'); } catch (e) { console.log(`relative: ${e.name}: ${e.message}`); }
  try { await fetch('ftp://example.com/'); } catch (e) { console.log(`ftp: ${e.name}: ${e.message}; cause ${e.cause.message}`); }
  const fd = await new Response(new URLSearchParams('a=1&b=2')).formData();
  console.log('formData', [...fd]);
  const blob = new Blob(['ab', new Uint8Array([99])], { type: 'Text/Plain' });
  const fromBlob = new Response(blob);
  console.log('Blob body', fromBlob.headers.get('content-type'), await fromBlob.text());
  const asBlob = await new Response('xyz', { headers: { 'content-type': 'application/x-thing' } }).blob();
  console.log('blob()', asBlob, await asBlob.text(), asBlob.slice(1).size);
  const file = new File(['hello'], 'a.txt', { type: 'text/plain', lastModified: 42 });
  console.log('File', file.name, file.lastModified, file.size, file instanceof Blob, require('buffer').File === File);
}

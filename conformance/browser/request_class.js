// The Request class (Fetch Standard §6.4): construction from a URL or a
// Request with RequestInit, its attributes, headers with the "request"
// guard, bodies (consumed once, moved from an input Request), clone(),
// the signal that follows init's, and fetch() given a Request.
const show = (label, f) => {
  try { console.log(label, JSON.stringify(f())); } catch (e) { console.log(label, 'threw', e.name, e.message); }
};
async function main() {
  const r = new Request('/path/x?q=1#frag');
  const path = (u) => { const x = new URL(u); return x.pathname + x.search + x.hash; };
  console.log('url', path(r.url));
  console.log('defaults', r.method, r.mode, r.credentials, r.cache, r.redirect, r.referrer, JSON.stringify(r.referrerPolicy), JSON.stringify(r.integrity), r.keepalive, r.destination === '', r.isReloadNavigation, r.isHistoryNavigation, r.duplex, r.body, r.bodyUsed);
  console.log('signal', r.signal instanceof AbortSignal, r.signal.aborted, Object.prototype.toString.call(r), Object.prototype.toString.call(r.headers));
  show('no args', () => new Request());
  show('bad url', () => new Request('http://[::1'));
  show('credentials', () => new Request('http://u:p@example.com/'));
  show('bad method', () => new Request('/', { method: 'GE T' }));
  show('forbidden method', () => new Request('/', { method: 'TRACE' }));
  show('get with body', () => new Request('/', { body: 'x' }));
  show('head with body', () => new Request('/', { method: 'HEAD', body: 'x' }));
  show('navigate mode', () => new Request('/', { mode: 'navigate' }));
  show('bad mode', () => new Request('/', { mode: 'bogus' }));
  show('bad redirect', () => new Request('/', { redirect: 'bogus' }));
  show('only-if-cached', () => new Request('/', { cache: 'only-if-cached' }));
  show('no-cors put', () => new Request('/', { mode: 'no-cors', method: 'PUT' }));
  show('bad signal', () => new Request('/', { signal: {} }));
  const m = new Request('/', { method: 'post', mode: 'same-origin', credentials: 'omit', cache: 'no-store', redirect: 'manual', referrer: '', referrerPolicy: 'no-referrer', integrity: 'sha256-abc', keepalive: true });
  console.log('init', m.method, m.mode, m.credentials, m.cache, m.redirect, JSON.stringify(m.referrer), m.referrerPolicy, m.integrity, m.keepalive);
  for (const method of ['get', 'Delete', 'options', 'patch', 'custom']) console.log('method', method, new Request('/', { method }).method);
  console.log('referrer about:client', new Request('/', { referrer: 'about:client' }).referrer);
  console.log('referrer same-origin', path(new Request('/', { referrer: '/other' }).referrer));
  // Headers: the "request" guard drops forbidden request headers.
  const h = new Request('/', { headers: { 'X-One': '1', Cookie: 'no', Host: 'no', 'Sec-Thing': 'no', 'Proxy-Auth': 'no', Accept: 'a/b' } });
  console.log('headers', JSON.stringify([...h.headers]));
  h.headers.set('Content-Length', '5');
  h.headers.append('x-two', '2');
  console.log('headers after', JSON.stringify([...h.headers]));
  const nc = new Request('/', { mode: 'no-cors', headers: { 'X-Custom': '1', Accept: 'text/plain', 'Content-Type': 'text/plain' } });
  console.log('no-cors headers', JSON.stringify([...nc.headers]));
  nc.headers.set('x-more', '1');
  console.log('no-cors after set', JSON.stringify([...nc.headers]));
  // Bodies.
  const p = new Request('/', { method: 'POST', body: 'hello' });
  console.log('body type', p.headers.get('content-type'), p.body instanceof ReadableStream, p.bodyUsed);
  console.log('text', await p.text(), p.bodyUsed);
  await p.text().then(() => console.log('second read resolved'), (e) => console.log('second read', e.name, e.message));
  const j = new Request('/', { method: 'PUT', body: JSON.stringify({ a: [1, 2] }), headers: { 'content-type': 'application/json' } });
  console.log('json', JSON.stringify(await j.json()), j.headers.get('content-type'));
  const u = new Request('/', { method: 'POST', body: new URLSearchParams('a=1&b=2') });
  console.log('form type', u.headers.get('content-type'), await u.text());
  const b = new Request('/', { method: 'POST', body: new Uint8Array([104, 105]) });
  console.log('bytes', JSON.stringify([...new Uint8Array(await b.arrayBuffer())]), b.headers.get('content-type'));
  const bl = new Request('/', { method: 'POST', body: new Blob(['blob!'], { type: 'text/x-blob' }) });
  const blob = await bl.blob();
  console.log('blob', blob.type, blob.size, bl.headers.get('content-type'));
  // A Request from a Request: fields carried over, init overrides, the body moves.
  const src = new Request('/src', { method: 'POST', body: 'moved', headers: { 'x-a': 'a' }, redirect: 'error', mode: 'same-origin' });
  const copy = new Request(src);
  console.log('copy', path(copy.url), copy.method, copy.redirect, copy.mode, copy.headers.get('x-a'), src.bodyUsed, copy.bodyUsed);
  console.log('copy text', await copy.text());
  show('from used', () => new Request(src));
  const over = new Request(new Request('/o', { method: 'POST', body: 'x', headers: { 'x-a': 'a' } }), { method: 'PUT', headers: { 'x-b': 'b' } });
  console.log('override', over.method, JSON.stringify([...over.headers]), await over.text());
  const nav = new Request(new Request('/n', { mode: 'same-origin' }), {});
  console.log('empty init', nav.mode);
  // clone().
  const c1 = new Request('/c', { method: 'POST', body: 'twice' });
  const c2 = c1.clone();
  console.log('clone', c2.method, c2.url === c1.url, await c1.text(), await c2.text());
  show('clone used', () => c1.clone());
  // The signal follows init's.
  const ac = new AbortController();
  const s = new Request('/', { signal: ac.signal });
  console.log('signal distinct', s.signal !== ac.signal, s.signal.aborted);
  s.signal.onabort = () => console.log('request signal aborted', s.signal.reason);
  ac.abort('why');
  console.log('after abort', s.signal.aborted);
  console.log('clone signal aborted', s.clone().signal.aborted);
  // fetch() with a Request.
  const resp = await fetch(new Request('data:text/plain,from%20a%20request'));
  console.log('fetch request', resp.status, await resp.text());
  const used = new Request('data:,x', { method: 'POST', body: 'b' });
  await used.text();
  await fetch(used).then(() => console.log('fetch used resolved'), (e) => console.log('fetch used', e.name, e.message));
  const aborted = new AbortController();
  aborted.abort();
  await fetch(new Request('data:,x', { signal: aborted.signal })).then(() => console.log('resolved'), (e) => console.log('fetch aborted', e.name));
  console.log('__done__');
}
main();

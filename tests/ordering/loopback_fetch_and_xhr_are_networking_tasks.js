// jsloop-test: loopback-server (the test runs server/http.js and puts its URL for __SERVER__)
const base = '__SERVER__';
console.log('script start');
fetch(base + '/text').then((r) => {
  console.log('fetch resolved: ' + r.status + ' ' + r.statusText + ' ' + r.type + ' ' + r.headers.get('content-type') + ' ' + r.redirected);
  return r.text();
}).then((t) => {
  console.log('fetch body: ' + t);
  return fetch(base + '/redirect');
}).then((r) => {
  console.log('redirect: ' + r.status + ' ' + r.redirected + ' ' + r.url.slice(base.length));
  return fetch(base + '/echo', { method: 'POST', body: 'ping', headers: { 'X-Test': 'yes' } });
}).then((r) => {
  console.log('echo headers: content-type ' + r.headers.get('content-type') + ', x-hidden ' + r.headers.get('x-hidden'));
  return r.json();
}).then((j) => {
  console.log('echo: ' + j.method + ' ' + j.body + ' ' + j.contentType + ' ' + j.xTest + ', preflighted ' + j.preflighted);
  return fetch(base + '/no-cors').then(() => console.log('no-cors resolved'), (e) => console.log('no-cors rejected: ' + e.name + ': ' + e.message));
}).then(() => {
  const x = new XMLHttpRequest();
  x.onreadystatechange = () => console.log('xhr readyState ' + x.readyState);
  for (const type of ['loadstart', 'progress', 'load']) x.addEventListener(type, (e) => console.log('xhr ' + type + ' ' + e.loaded + '/' + e.total));
  x.addEventListener('loadend', () => {
    console.log('xhr loadend: ' + x.status + ' ' + x.statusText + ' ' + x.responseText);
    // A synchronous request (in a worker: a window's is deprecated), with its preflight.
    const source = "const x = new XMLHttpRequest(); x.open('POST', '" + base + "/echo', false); x.setRequestHeader('X-Test', 'sync'); x.send('from a worker'); postMessage(x.status + ' ' + x.responseText);";
    const worker = new Worker('data:text/javascript,' + encodeURIComponent(source));
    worker.onmessage = (e) => { console.log('worker sync xhr: ' + e.data); worker.terminate(); };
  });
  x.open('GET', base + '/text');
  x.send();
  Promise.resolve().then(() => console.log('microtask after send'));
  console.log('send returned');
});
Promise.resolve().then(() => console.log('microtask'));
console.log('script end');

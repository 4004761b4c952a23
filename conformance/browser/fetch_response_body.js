// A Response's body as a ReadableStream (Fetch Standard's Body mixin,
// `body`): the same stream each time, its chunks, bodyUsed once it is
// read, the Body methods refusing a read or locked stream, a null body, a
// BYOB reader on it, clone(), and a fetched response's body.
const log = (...a) => console.log(a.join(' '));
async function readAll(stream) {
  const reader = stream.getReader();
  const chunks = [];
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(`${value.constructor.name}(${Array.from(value).join(',')})`);
  }
  return chunks.join(' ');
}
async function main() {
  const r = new Response('héllo');
  log('same stream', r.body === r.body, r.body instanceof ReadableStream, r.bodyUsed);
  log('chunks', await readAll(r.body));
  log('bodyUsed after read', r.bodyUsed, r.body.locked);
  await r.text().then((t) => log('text', t), (e) => log('text rejected', e.constructor.name, e.message));
  try { r.clone(); } catch (e) { log('clone threw', e.constructor.name, e.message); }
  const locked = new Response('x');
  locked.body.getReader();
  log('locked bodyUsed', locked.bodyUsed);
  await locked.arrayBuffer().then(() => log('read'), (e) => log('arrayBuffer rejected', e.constructor.name, e.message));
  log('null body', new Response().body, new Response(null).body, new Response(null).bodyUsed);
  log('empty body chunks', JSON.stringify(await readAll(new Response('').body)));
  const t = new Response('abc');
  const whole = await t.text();
  log('text first', whole, t.bodyUsed, t.body.locked);
  const b = new Response(new Uint8Array([1, 2, 3, 4, 5]));
  const byob = b.body.getReader({ mode: 'byob' });
  const first = await byob.read(new Uint8Array(2));
  log('byob', Array.from(first.value).join(','), first.done, b.bodyUsed);
  const c = new Response('twice');
  const stream = c.body;
  const copy = c.clone();
  log('clone after body', stream === c.body, stream.locked, c.bodyUsed);
  log('clone branches', await readAll(c.body), await copy.text(), c.bodyUsed, copy.bodyUsed);
  const cancelled = new Response('gone');
  await cancelled.body.cancel();
  log('cancelled bodyUsed', cancelled.bodyUsed);
  const fetched = await fetch('data:text/plain,fetched%20body');
  log('fetched', await readAll(fetched.body), fetched.bodyUsed);
  log('json', await new Response('{"a":1}').json().then((v) => v.a));
  console.log('__done__');
}
main();

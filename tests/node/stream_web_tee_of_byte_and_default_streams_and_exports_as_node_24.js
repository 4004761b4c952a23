// node tests/node/stream_web_tee_of_byte_and_default_streams_and_exports_as_node_24.js > tests/node/stream_web_tee_of_byte_and_default_streams_and_exports_as_node_24.out (recorded with Node 24)
// stream/web's exports in Node 24's order (ReadableStreamTee among them),
// ReadableStream.prototype.tee of a byte stream (two byte streams: BYOB
// readers, copies for the other branch) and of a default stream, and
// ReadableStreamTee's cloneForBranch2.
const web = require('stream/web');
const { ReadableStream, ReadableStreamTee } = web;
const log = console.log;
log(Object.keys(web).join(','));
log(ReadableStreamTee.name, ReadableStreamTee.length);

function bytes(chunks, extra = {}) {
  return new ReadableStream({
    type: 'bytes',
    start(c) { for (const ch of chunks) c.enqueue(new Uint8Array(ch)); if (!extra.open) c.close(); },
    cancel(r) { log('source cancel', r); },
    ...extra,
  });
}

async function byteBranchesAreByteStreams() {
  const [b1, b2] = bytes([[1, 2, 3], [4]]).tee();
  const byob = b1.getReader({ mode: 'byob' });
  const r2 = b2.getReader();
  const a = await byob.read(new Uint8Array(2));
  const b = await r2.read();
  log(a, b, a.value.buffer === b.value.buffer);
  log(await byob.read(new Uint8Array(4)), await r2.read());
  log(await byob.read(new Uint8Array(4)), await r2.read(), await r2.read());
}
async function byteBothByob() {
  const [b1, b2] = bytes([[1, 2, 3, 4, 5]]).tee();
  const x = b1.getReader({ mode: 'byob' });
  const y = b2.getReader({ mode: 'byob' });
  log(await x.read(new Uint8Array(3)), await y.read(new Uint8Array(1)));
  log(await y.read(new Uint8Array(8)), await x.read(new Uint8Array(8)));
  log(await x.read(new Uint8Array(8)), await y.read(new Uint8Array(8)));
}
async function bytePullSource() {
  let n = 0;
  const rs = new ReadableStream({
    type: 'bytes',
    pull(c) {
      n++;
      const req = c.byobRequest;
      log('pull', n, req === null ? 'no byobRequest' : `byobRequest ${req.view.byteLength}`);
      if (n > 2) { c.close(); if (req) req.respond(0); return; }
      if (req) { req.view[0] = n; req.respond(1); } else c.enqueue(new Uint8Array([n, n]));
    },
  });
  const [b1, b2] = rs.tee();
  const x = b1.getReader({ mode: 'byob' });
  const y = b2.getReader();
  log(await x.read(new Uint8Array(4)), await y.read());
  log(await y.read(), await x.read(new Uint8Array(4)));
  log(await x.read(new Uint8Array(4)), await y.read(), await y.read());
}
async function byteCancelAndError() {
  const [b1, b2] = bytes([[9]], { open: true }).tee();
  const p1 = b1.cancel('r1').then((v) => log('cancel 1', v));
  await null;
  log('after cancel 1');
  const p2 = b2.cancel('r2').then((v) => log('cancel 2', v));
  await Promise.all([p1, p2]);
  let ctrl;
  const [c1, c2] = new ReadableStream({ type: 'bytes', start(c) { ctrl = c; } }).tee();
  const r1 = c1.getReader({ mode: 'byob' });
  const r2 = c2.getReader();
  const reads = [r1.read(new Uint8Array(1)).catch((e) => `r1 ${e}`), r2.read().catch((e) => `r2 ${e}`)];
  ctrl.error(new Error('boom'));
  log(await Promise.all(reads));
  log(await r1.closed.catch((e) => `closed1 ${e.message}`), await r2.closed.catch((e) => `closed2 ${e.message}`));
}
async function defaultTee() {
  const obj = { a: 1 };
  const [b1, b2] = new ReadableStream({ start(c) { c.enqueue(obj); c.enqueue('x'); c.close(); } }).tee();
  try { b1.getReader({ mode: 'byob' }); } catch (e) { log(e.name, e.code, e.message); }
  const r1 = b1.getReader(), r2 = b2.getReader();
  const x = await r1.read(), y = await r2.read();
  log(x, y, x.value === obj, y.value === obj);
  log(await r1.read(), await r2.read(), await r1.read(), await r2.read());
}
async function teeFunction() {
  const obj = { a: [1] };
  const rs = new ReadableStream({ start(c) { c.enqueue(obj); c.enqueue(new Map([[1, obj]])); c.close(); } });
  for (const args of [[{}], [rs, 1], [rs, 'yes']]) {
    try { ReadableStreamTee(...args); } catch (e) { log(e.name, e.code, e.message); }
  }
  const [b1, b2] = ReadableStreamTee(rs, true);
  const r1 = b1.getReader(), r2 = b2.getReader();
  const x = await r1.read(), y = await r2.read();
  log(x, y, x.value === obj, y.value === obj);
  const [m1, m2] = [await r1.read(), await r2.read()];
  log(m1, m2, m1.value === m2.value, m1.value.get(1) === obj, m2.value.get(1) === obj);
  const [d1, d2] = ReadableStreamTee(bytes([[7, 8]]), true);
  log(await d1.getReader({ mode: 'byob' }).read(new Uint8Array(4)), await d2.getReader().read());
}

(async () => {
  for (const f of [byteBranchesAreByteStreams, byteBothByob, bytePullSource, byteCancelAndError, defaultTee, teeFunction]) {
    log(`-- ${f.name}`);
    try { await f(); } catch (e) { log('threw', e); }
  }
})();

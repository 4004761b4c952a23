// Recorded with Node 24: node tests/node/web_byte_streams_fill_byob_reads.js
// Readable byte streams: byobRequest and respond(), BYOB reads, a default
// reader on a byte stream, Readable.toWeb(..., { type: 'bytes' }).
const { Readable } = require('stream');
const log = (s) => console.log(s);
const rs = new ReadableStream({
  type: 'bytes',
  pull(c) {
    const req = c.byobRequest;
    log(`pull byobRequest ${req ? req.view.byteLength : null} desired ${c.desiredSize}`);
    if (req) { req.view[0] = 7; req.view[1] = 8; req.respond(2); } else { c.enqueue(new Uint8Array([1, 2, 3])); }
    if (++this.n === 3) c.close();
  },
  n: 0,
}, { highWaterMark: 0 });
const r = rs.getReader({ mode: 'byob' });
r.read(new Uint8Array(4)).then((x) => log(`byob ${JSON.stringify(x.done)} ${Array.from(x.value)}`));
r.read(new Uint8Array(4)).then((x) => { log(`byob ${x.done} ${Array.from(x.value)}`); r.releaseLock(); const d = rs.getReader(); return d.read().then((y) => log(`default ${y.done} ${y.value && Array.from(y.value)}`)).then(() => d.read()).then((y) => log(`default ${y.done}`)); });
const web = Readable.toWeb(Readable.from([Buffer.from('abc'), Buffer.from('defgh')], { objectMode: false }), { type: 'bytes' });
const br = web.getReader({ mode: 'byob' });
(async () => {
  for (;;) {
    const { value, done } = await br.read(new Uint8Array(3));
    log(`toWeb bytes ${done} ${value && Buffer.from(value).toString()}`);
    if (done) break;
  }
})();
process.nextTick(() => log('tick'));
setImmediate(() => log('immediate'));

// Recorded with Node 24: node tests/node/web_streams_read_pipe_and_convert_to_node_streams.js
// ReadableStream/WritableStream/TransformStream: reads against the queue and
// pull(), pipeThrough/pipeTo, and Readable/Writable.toWeb and fromWeb.
const { Readable, Writable } = require('stream');
const log = (s) => console.log(s);
const rs = new ReadableStream({
  start(c) { log(`start desiredSize ${c.desiredSize}`); c.enqueue('a'); c.enqueue('b'); },
  pull(c) { log('pull'); c.enqueue('c'); c.close(); },
}, new CountQueuingStrategy({ highWaterMark: 2 }));
const reader = rs.getReader();
log(`locked ${rs.locked}`);
reader.read().then((r) => log(`read ${JSON.stringify(r)}`));
reader.read().then((r) => log(`read ${JSON.stringify(r)}`));
reader.read().then((r) => log(`read ${JSON.stringify(r)}`));
reader.read().then((r) => log(`read ${JSON.stringify(r)}`));
reader.closed.then(() => log('reader closed'));
const upper = new TransformStream({ transform(chunk, c) { c.enqueue(String(chunk).toUpperCase()); }, flush() { log('flush'); } });
const out = [];
const ws = new WritableStream({ write(chunk) { out.push(chunk); log(`sink ${chunk}`); }, close() { log('sink close'); } }, { highWaterMark: 1 });
ReadableStream.from(['x', 'y']).pipeThrough(upper).pipeTo(ws).then(() => log(`pipeTo done ${out.join('')}`));
(async () => {
  const web = Readable.toWeb(Readable.from(['p', 'q']));
  for await (const v of web) log(`toWeb ${v}`);
  const back = Readable.fromWeb(new ReadableStream({ start(c) { c.enqueue('m'); c.close(); } }), { objectMode: true });
  back.on('data', (d) => log(`fromWeb data ${d}`));
  back.on('end', () => log('fromWeb end'));
  const w = Writable.toWeb(new Writable({ write(c, e, cb) { log(`node sink ${c}`); cb(); } }));
  const wr = w.getWriter();
  await wr.write(new Uint8Array([122]));
  await wr.close();
  log('writer closed');
})();
process.nextTick(() => log('tick'));
setImmediate(() => log('immediate'));

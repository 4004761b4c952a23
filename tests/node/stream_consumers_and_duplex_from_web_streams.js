// node tests/node/stream_consumers_and_duplex_from_web_streams.js
// stream/consumers reads a Readable, a web ReadableStream or an async
// iterable to its end as text, JSON, a Buffer, bytes, an ArrayBuffer or a
// Blob (lib/stream/consumers.js); Duplex.from takes a web ReadableStream, a
// WritableStream or a pair of them (lib/internal/streams/duplexify.js); a
// Buffer made from a resizable ArrayBuffer without a length follows its
// size (lib/buffer.js fromArrayBuffer).
'use strict';
const { Readable, Duplex } = require('stream');
const consumers = require('stream/consumers');
const { text, json, buffer, bytes, arrayBuffer, blob } = consumers;
console.log(`exports: ${Object.keys(consumers).sort().join(' ')}`);
(async () => {
  console.log(`text: ${await text(Readable.from(['a', 'b', 'c']))}`);
  // A character split across chunks.
  const euro = Buffer.from('€');
  console.log(`split text: ${await text(Readable.from([euro.subarray(0, 1), euro.subarray(1)]))}`);
  console.log(`json: ${JSON.stringify(await json(Readable.from(['{"a":', '[1,2]}'])))}`);
  const b = await buffer(Readable.from([Buffer.from('xy'), Buffer.from('z')]));
  console.log(`buffer: ${Buffer.isBuffer(b)} ${b.toString()}`);
  const u = await bytes(Readable.from([Buffer.from([1, 2]), Buffer.from([3])]));
  console.log(`bytes: ${u.constructor.name} ${[...u]}`);
  const ab = await arrayBuffer(Readable.from([Buffer.from('hello')]));
  console.log(`arrayBuffer: ${ab.constructor.name} ${ab.byteLength}`);
  const bl = await blob(Readable.from(['blob ', 'text']));
  console.log(`blob: ${bl.constructor.name} ${bl.size} ${await bl.text()}`);
  const web = new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode('from ')); c.enqueue(new TextEncoder().encode('web')); c.close(); } });
  console.log(`web stream: ${await text(web)}`);
  async function* gen() { yield 'gen'; yield 'erator'; }
  console.log(`async iterable: ${await text(gen())}`);
  try {
    await json(Readable.from(['{']));
  } catch (e) {
    console.log(`bad json: ${e.name}`);
  }

  let written = '';
  const d = Duplex.from({ writable: new WritableStream({ write(chunk) { written += chunk; } }) });
  console.log(`pair with a WritableStream: readable ${d.readable}, writable ${d.writable}`);
  d.end('to web');
  await new Promise((resolve) => d.on('finish', resolve));
  console.log(`finished: ${written}, writable ${d.writable}`);
  const r = Duplex.from(new ReadableStream({ start(c) { c.enqueue('web '); c.enqueue('chunks'); c.close(); } }));
  console.log(`ReadableStream: readable ${r.readable}, writable ${r.writable}`);
  let got = '';
  for await (const chunk of r) got += chunk;
  console.log(`read: ${got}`);
  let w2 = '';
  const d2 = Duplex.from(new WritableStream({ write(chunk) { w2 += chunk; } }));
  console.log(`WritableStream: readable ${d2.readable}, writable ${d2.writable}`);
  d2.end('direct');
  await new Promise((resolve) => d2.on('finish', resolve));
  console.log(`finished: ${w2}`);

  const rab = new ArrayBuffer(10, { maxByteLength: 20 });
  const tracking = Buffer.from(rab, 1);
  const fixed = Buffer.from(rab, 1, 4);
  rab.resize(15);
  console.log(`resizable: tracking ${tracking.length}, fixed ${fixed.length}`);
  rab.resize(5);
  console.log(`shrunk: tracking ${tracking.length}`);
})();

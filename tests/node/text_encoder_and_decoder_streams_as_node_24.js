// Recorded with: node tests/node/text_encoder_and_decoder_streams_as_node_24.js > tests/node/text_encoder_and_decoder_streams_as_node_24.out
// TextDecoderStream and TextEncoderStream: globals and stream/web's, a
// UTF-8 sequence and a surrogate pair split across chunks, fatal, an
// unknown label and a chunk that is not bytes, with Node's errors.
const web = require('stream/web');
async function through(ts, chunks) {
  const writer = ts.writable.getWriter();
  const out = [];
  const reading = (async () => {
    const reader = ts.readable.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      out.push(typeof value === 'string' ? JSON.stringify(value) : `${value.constructor.name}(${Array.from(value).join(',')})`);
    }
  })();
  for (const c of chunks) writer.write(c).catch(() => {});
  await writer.close().catch((e) => out.push(`close rejected ${e.name}`));
  await reading.catch((e) => out.push(`read rejected ${e.name} ${e.code}: ${e.message}`));
  return out.join(' ');
}
(async () => {
  console.log(web.TextDecoderStream === TextDecoderStream, web.TextEncoderStream === TextEncoderStream);
  const d = new TextDecoderStream('utf-16le', { fatal: true });
  console.log(d.encoding, d.fatal, d.ignoreBOM, d.readable instanceof ReadableStream, d.writable instanceof WritableStream);
  console.log('split', await through(new TextDecoderStream(), [new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0xe2]), new Uint8Array([0x82, 0xac]).buffer, new Uint8Array([0xf0, 0x9f])]));
  console.log('fatal', await through(new TextDecoderStream('utf-8', { fatal: true }), [new Uint8Array([0x61]), new Uint8Array([0xff])]));
  console.log('bad chunk', await through(new TextDecoderStream(), ['text']));
  try { new TextDecoderStream('nope'); } catch (e) { console.log('bad label', e.name, e.code, e.message); }
  console.log('encoder', new TextEncoderStream().encoding);
  console.log('encode', await through(new TextEncoderStream(), ['a\ud83d', '\ude00b', '', 5, '\ud800']));
})();

// TextDecoderStream and TextEncoderStream (Encoding Standard §7): a UTF-8
// sequence and a surrogate pair split across chunks, a BOM, fatal, a bad
// chunk, a lone lead surrogate at the end, and their attributes.
const log = (...a) => console.log(a.join(' '));
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
  await writer.close().catch((e) => out.push(`close rejected ${e.constructor.name}`));
  await reading.catch((e) => out.push(`read rejected ${e.constructor.name}: ${e.message}`));
  return out.join(' ');
}
async function main() {
  const d = new TextDecoderStream();
  log('decoder', d.encoding, d.fatal, d.ignoreBOM, d.readable instanceof ReadableStream, d.writable instanceof WritableStream, Object.prototype.toString.call(d));
  log('split', await through(new TextDecoderStream(), [new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0xe2]), new Uint8Array([0x82, 0xac]).buffer, new Uint8Array([0xf0, 0x9f])]));
  log('utf-16le', await through(new TextDecoderStream('utf-16le', { ignoreBOM: true }), [new Uint8Array([0xff, 0xfe, 0x68]), new Uint8Array([0x00])]));
  log('fatal', await through(new TextDecoderStream('utf-8', { fatal: true }), [new Uint8Array([0x61]), new Uint8Array([0xff])]));
  log('bad chunk', await through(new TextDecoderStream(), ['text']));
  try { new TextDecoderStream('nope'); } catch (e) { log('bad label', e.constructor.name, e.message); }
  const e = new TextEncoderStream();
  log('encoder', e.encoding, Object.prototype.toString.call(e));
  log('encode', await through(new TextEncoderStream(), ['a\ud83d', '\ude00b', '', 5, '\ud800']));
  log('globals', typeof TextDecoderStream, typeof TextEncoderStream);
  console.log('__done__');
}
main();

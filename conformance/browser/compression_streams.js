// CompressionStream and DecompressionStream (the Compression Standard):
// formats, round trips through each, chunking, and the errors.
const hex = (u8) => Array.from(u8, (b) => b.toString(16).padStart(2, '0')).join('');
async function collect(readable) {
  const parts = [];
  for await (const chunk of readable) parts.push(chunk);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return { out, kinds: parts.map((p) => Object.prototype.toString.call(p)) };
}
async function through(stream, chunks) {
  const writer = stream.writable.getWriter();
  const done = collect(stream.readable);
  for (const c of chunks) writer.write(c).catch(() => {});
  writer.close().catch(() => {});
  return done;
}
const enc = new TextEncoder();
async function main() {
  for (const format of ['gzip', 'deflate', 'deflate-raw', 'brotli', 'GZIP', 'zlib', '']) {
    try { new CompressionStream(format); console.log('compress format', JSON.stringify(format), 'ok'); } catch (e) { console.log('compress format', JSON.stringify(format), e.name, e.message); }
    try { new DecompressionStream(format); console.log('decompress format', JSON.stringify(format), 'ok'); } catch (e) { console.log('decompress format', JSON.stringify(format), e.name); }
  }
  try { new CompressionStream(); } catch (e) { console.log('no format', e.name); }
  const cs = new CompressionStream('gzip');
  console.log('tag', Object.prototype.toString.call(cs), typeof cs.readable, typeof cs.writable);
  console.log('proto', Object.getOwnPropertyNames(CompressionStream.prototype).sort().join(','));
  const text = 'hello hello hello hello compression '.repeat(50);
  for (const format of ['gzip', 'deflate', 'deflate-raw']) {
    const { out: packed, kinds } = await through(new CompressionStream(format), [enc.encode(text.slice(0, 100)), enc.encode(text.slice(100)).buffer, new DataView(enc.encode('!').buffer)]);
    console.log(format, 'packed smaller', packed.length < text.length, 'kinds', [...new Set(kinds)].join());
    const { out } = await through(new DecompressionStream(format), [packed.slice(0, 7), packed.slice(7)]);
    console.log(format, 'round trip', new TextDecoder().decode(out) === text + '!');
    // Byte at a time.
    const { out: slow } = await through(new DecompressionStream(format), Array.from(packed, (b) => new Uint8Array([b])));
    console.log(format, 'byte at a time', slow.length);
    // Empty input.
    const { out: empty } = await through(new CompressionStream(format), []);
    const { out: back } = await through(new DecompressionStream(format), [empty]);
    console.log(format, 'empty round trip', back.length);
  }
  // Known vectors decompress.
  const gz = new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0xcb, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00, 0x86, 0xa6, 0x10, 0x36, 0x05, 0x00, 0x00, 0x00]);
  console.log('vector', new TextDecoder().decode((await through(new DecompressionStream('gzip'), [gz])).out));
  // Errors.
  const cases = [
    ['not bytes', 'gzip', ['text']],
    ['corrupt', 'deflate', [new Uint8Array([1, 2, 3, 4, 5])]],
    ['truncated', 'gzip', [gz.slice(0, 15)]],
    ['trailing', 'gzip', [gz, new Uint8Array([1, 2, 3])]],
    ['wrong format', 'deflate', [gz]],
  ];
  for (const [name, format, chunks] of cases) {
    try {
      const r = await through(new DecompressionStream(format), chunks);
      console.log('error case', name, 'no error', r.out.length);
    } catch (e) { console.log('error case', name, e.constructor.name, e.name, e.code, e.message); }
  }
  try { await through(new CompressionStream('gzip'), [42]); console.log('compress number no error'); } catch (e) { console.log('compress number', e.name, e.code, e.message); }
  // The interface: the constructor's checks and the accessors.
  try { new CompressionStream() } catch (e) { console.log(e.name, e.message) }
  try { new DecompressionStream('x') } catch (e) { console.log(e.name, e.message) }
  try { new DecompressionStream(Symbol()) } catch (e) { console.log(e.name, e.message) }
  console.log(typeof Object.getOwnPropertyDescriptor(CompressionStream.prototype,'readable').get, CompressionStream.prototype[Symbol.toStringTag], Object.getOwnPropertyDescriptor(globalThis,'CompressionStream').enumerable, CompressionStream.length);
  const d = Object.getOwnPropertyDescriptor(CompressionStream.prototype, 'readable'); console.log(d.enumerable, d.configurable);
  try { d.get.call({}) } catch (e) { console.log(e.name, e.message) }
  console.log('__done__');
}
main();

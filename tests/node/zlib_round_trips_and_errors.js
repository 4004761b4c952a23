// Recorded with: node tests/node/zlib_round_trips_and_errors.js > tests/node/zlib_round_trips_and_errors.out
// zlib's synchronous functions: every format round-trips, data that Node
// compressed decompresses, errors are zlib's (code, errno, message).
const zlib = require('zlib');
const text = 'The quick brown fox jumps over the lazy dog. '.repeat(50) + 'é漢🎉';
const pairs = [['deflateSync', 'inflateSync'], ['deflateRawSync', 'inflateRawSync'], ['gzipSync', 'gunzipSync'], ['gzipSync', 'unzipSync'], ['deflateSync', 'unzipSync'], ['brotliCompressSync', 'brotliDecompressSync']];
for (const [c, d] of pairs) {
  const packed = zlib[c](text);
  console.log(c, '->', d, zlib[d](packed).toString() === text, packed.length < Buffer.byteLength(text));
}
for (const level of [0, 1, 9]) console.log('level', level, zlib.inflateSync(zlib.deflateSync(text, { level })).toString() === text);
console.log('brotli quality 1', zlib.brotliDecompressSync(zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } })).toString() === text);
console.log('gzip header', zlib.gzipSync('x').subarray(0, 10).toString('hex'));
console.log('empty', zlib.gunzipSync(zlib.gzipSync('')).length, zlib.inflateSync(zlib.deflateSync(Buffer.alloc(0))).length);
// Made by Node 24's zlib: jsloop must read them.
console.log('node gzip', zlib.gunzipSync(Buffer.from('1f8b0800000000000003cb48cdc9c95728cf2fca49d15128c9c82c56c82c56c8cb4f4955282e484dcccecc4b0700661a7f1122000000', 'hex')).toString());
console.log('node deflate', zlib.inflateSync(Buffer.from('789ccb48cdc9c95728cf2fca4901001a0b045d', 'hex')).toString());
console.log('two gzip members', zlib.gunzipSync(Buffer.concat([zlib.gzipSync('one '), zlib.gzipSync('two')])).toString());
console.log('crc32', zlib.crc32('hello'), zlib.crc32(Buffer.from('world'), zlib.crc32('hello ')), zlib.crc32(''));
console.log('codes', zlib.codes.Z_DATA_ERROR, zlib.codes['-5'], zlib.constants.Z_BEST_COMPRESSION);
const t = (f) => { try { f(); console.log('no error'); } catch (e) { console.log(e.name, e.code, e.errno, e.message); } };
t(() => zlib.inflateSync(Buffer.from('hello')));
t(() => zlib.gunzipSync(Buffer.from('hello')));
t(() => zlib.unzipSync(Buffer.from('hello')));
t(() => zlib.inflateSync(zlib.deflateSync(text).subarray(0, 20)));
t(() => zlib.gunzipSync(zlib.gzipSync(text).subarray(0, 30)));
t(() => zlib.brotliDecompressSync(Buffer.from('hello')));
t(() => zlib.deflateSync(5));
t(() => zlib.deflateSync('x', { level: 10 }));
t(() => zlib.gzip('x'));

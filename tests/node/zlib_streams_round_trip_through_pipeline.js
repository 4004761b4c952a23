// Recorded with: node tests/node/zlib_streams_round_trip_through_pipeline.js > tests/node/zlib_streams_round_trip_through_pipeline.out
// zlib's stream classes: data piped through createGzip() then createGunzip()
// (and the other formats) comes back whole; pipeline's callback comes after
// the last stream finishes; a corrupt stream errors with zlib's code.
const zlib = require('zlib');
const { pipeline, Readable, Writable, PassThrough } = require('stream');
const text = Array.from({ length: 200 }, (_, i) => `line ${i}: the quick brown fox\n`).join('');
function collect(done) {
  const chunks = [];
  return new Writable({
    write(chunk, enc, cb) { chunks.push(chunk); cb(); },
    final(cb) { done(Buffer.concat(chunks)); cb(); },
  });
}
const pairs = [['createGzip', 'createGunzip'], ['createDeflate', 'createInflate'], ['createDeflateRaw', 'createInflateRaw'], ['createGzip', 'createUnzip'], ['createDeflate', 'createUnzip'], ['createBrotliCompress', 'createBrotliDecompress']];
function next(i) {
  if (i === pairs.length) return corrupt();
  const [c, d] = pairs[i];
  const source = Readable.from(text.match(/[\s\S]{1,700}/g));
  const packer = zlib[c]();
  pipeline(source, packer, zlib[d](), collect((out) => {
    console.log(`${c} | ${d}: ${out.toString() === text} (${out.length} bytes), bytesWritten ${packer.bytesWritten}`);
  }), (err) => {
    console.log(`${c} | ${d}: pipeline done, err ${err}`);
    setImmediate(() => next(i + 1));
  });
}
function corrupt() {
  const gunzip = zlib.createGunzip();
  gunzip.on('error', (err) => {
    console.log(`corrupt gzip: ${err.code} ${err.errno} ${err.message}`);
    const inflate = zlib.createInflate();
    inflate.on('error', (e) => console.log(`corrupt zlib: ${e.code} ${e.errno} ${e.message}`));
    inflate.end(Buffer.from('definitely not zlib'));
  });
  gunzip.on('close', () => console.log('corrupt gzip: close'));
  gunzip.end(Buffer.from('definitely not gzip'));
}
console.log(typeof zlib.Gzip, zlib.createGzip() instanceof zlib.Gzip, zlib.createGzip() instanceof require('stream').Transform);
next(0);

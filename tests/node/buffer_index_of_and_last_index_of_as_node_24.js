// node tests/node/buffer_index_of_and_last_index_of_as_node_24.js > tests/node/buffer_index_of_and_last_index_of_as_node_24.out (recorded with Node 24)
// Buffer#indexOf, lastIndexOf and includes on 3,000 random buffers, needles
// (Buffer, Uint8Array, string, byte) and offsets (negative, past the end,
// NaN, fractional, a string as the encoding), summed up in one SHA-256 of
// the results; then a 1 MiB search and UCS-2 searches, printed.
let seed = 42;
const rnd = (n) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
const out = [];
for (let t = 0; t < 3000; t++) {
  const n = rnd(40);
  const buf = Buffer.alloc(n);
  for (let i = 0; i < n; i++) buf[i] = 97 + rnd(3);
  const m = rnd(5);
  const needle = Buffer.alloc(m);
  for (let i = 0; i < m; i++) needle[i] = 97 + rnd(3);
  const offsets = [undefined, rnd(50) - 25, -1, n, n + 5, -n - 3, 0.5, NaN, '1', Infinity, -Infinity];
  const off = offsets[rnd(offsets.length)];
  const kind = rnd(4);
  const v = kind === 0 ? needle : kind === 1 ? needle.toString('latin1') : kind === 2 ? (97 + rnd(3)) : new Uint8Array(needle);
  out.push([buf.indexOf(v, off), buf.lastIndexOf(v, off), buf.includes(v, off)].join(','));
}
const big = Buffer.alloc(1 << 20, 'x');
big.write('needle', 900000);
out.push(big.indexOf('needle'), big.lastIndexOf('needle'), big.indexOf('needle', 900001), big.lastIndexOf('needle', 899999), big.indexOf(Buffer.from('xneedlex')));
const u16 = Buffer.from('abcabc', 'utf16le');
out.push(u16.indexOf('c', 0, 'utf16le'), u16.lastIndexOf('b', undefined, 'ucs2'));
console.log(require('crypto').createHash('sha256').update(out.join('\n')).digest('hex'), out.length, out.slice(-7).join(' '));

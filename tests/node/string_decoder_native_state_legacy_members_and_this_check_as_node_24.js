// node tests/node/string_decoder_native_state_legacy_members_and_this_check_as_node_24.js > tests/node/string_decoder_native_state_legacy_members_and_this_check_as_node_24.out (recorded with Node 24)
// StringDecoder as Node 24's lib/string_decoder.js: a function whose
// methods are enumerable on its prototype, its state the 7-byte Buffer of
// src/string_decoder.h (the unfinished character, missing and buffered
// counts, the encoding's number) under Symbol(kNativeDecoder), the legacy
// text() and the enumerable lastChar/lastNeed/lastTotal, ERR_INVALID_THIS
// for a write on another object; and 3,000 chunked decodes compared by hash.
const { StringDecoder } = require('string_decoder');
const util = require('util');
let seed = 12345;
const rnd = (n) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
const encs = ['utf8', 'utf16le', 'base64', 'base64url', 'hex', 'latin1', 'ascii', 'ucs2'];
const pool = [0x00, 0x41, 0x7f, 0x80, 0xbf, 0xc2, 0xcc, 0xdf, 0xe0, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf8, 0xff, 0xa0, 0x3d, 0xd8, 0xdc];
const out = [];
for (let n = 0; n < 3000; n++) {
  const enc = encs[rnd(encs.length)];
  const len = rnd(9);
  const bytes = Buffer.from(Array.from({ length: len }, () => pool[rnd(pool.length)]));
  const d = new StringDecoder(enc);
  let s = '';
  let pos = 0;
  while (pos < len) { const k = 1 + rnd(len - pos); s += d.write(bytes.subarray(pos, pos + k)) + '|'; pos += k; }
  s += d.end();
  out.push(enc + ' ' + bytes.toString('hex') + ' ' + JSON.stringify(s));
}
console.log(require('crypto').createHash('sha1').update(out.join('\n')).digest('hex'));
for (const enc of ['utf8', 'utf16le', 'base64', 'hex', 'latin1', 'ascii', 'base64url']) {
  const d = new StringDecoder(enc);
  d.write(Buffer.from([0xe2, 0xd8, 0x3d].slice(0, enc === 'utf8' ? 1 : 2)));
  console.log(util.inspect(d), d.lastNeed, d.lastTotal, d.lastChar);
}
console.log(util.inspect(new StringDecoder('base64'), { showHidden: true }));
console.log(Object.keys(StringDecoder.prototype), Object.keys(new StringDecoder()));
for (const bad of ['nope', null, 1, 'UTF-8', 'binary', 'UCS-2', '']) {
  try { console.log(JSON.stringify(bad), new StringDecoder(bad).encoding); } catch (e) { console.log(JSON.stringify(bad), e.name, e.code, e.message); }
}
for (const arg of ['abc', 1, null, undefined, new Uint8Array([0x61]), new DataView(new ArrayBuffer(1))]) {
  try { console.log(JSON.stringify(new StringDecoder().write(arg))); } catch (e) { console.log(e.name, e.code, e.message); }
}
console.log(JSON.stringify(new StringDecoder().end('x')));
for (const self of [{}, { encoding: 'latin1' }]) {
  try { StringDecoder.prototype.write.call(self, Buffer.from('a')); } catch (e) { console.log(e.name, e.code, e.message); }
}
console.log(Object.keys(require('string_decoder')), StringDecoder.length, StringDecoder.name);
const t = new StringDecoder('utf8');
t.write(Buffer.from([0xe2, 0x82]));
console.log(JSON.stringify(t.text(Buffer.from('h\u00e9llo'), 2)), t.lastNeed, JSON.stringify(t.end()));

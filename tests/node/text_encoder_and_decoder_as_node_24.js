// Recorded with: node tests/node/text_encoder_and_decoder_as_node_24.js > tests/node/text_encoder_and_decoder_as_node_24.out
// TextEncoder and TextDecoder are globals (and util's), with UTF-8,
// UTF-16LE, UTF-16BE and windows-1252 (latin1, ascii); the other encodings a
// full-ICU Node 24 has are not yet jsloop's.
const util = require('util');
const show = (v) => console.log(util.inspect(v));
console.log(typeof TextEncoder, typeof TextDecoder, util.TextEncoder === TextEncoder);
const enc = new TextEncoder();
console.log(enc.encoding);
show(enc.encode('h\u00e9\u20ac\ud83d\ude00'));
show(enc.encode());
show(enc.encode('\ud800'));
const dest = new Uint8Array(5);
show(enc.encodeInto('a\u20ac\u20ac', dest));
show(dest);
const dec = new TextDecoder();
console.log(dec.encoding, dec.fatal, dec.ignoreBOM);
console.log(dec.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x68, 0xc3, 0xa9])));
console.log(new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x41])).length);
console.log(JSON.stringify(dec.decode(new Uint8Array([0x61, 0xff, 0x62, 0xe2, 0x82]))));
// Streaming: a character split across calls.
const parts = [new Uint8Array([0xe2]), new Uint8Array([0x82, 0xac, 0xf0, 0x9f]), new Uint8Array([0x98, 0x80])];
console.log(parts.map((p) => dec.decode(p, { stream: true })).join('|') + '|' + dec.decode());
try {
  new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array([0xc3]));
} catch (e) {
  console.log(e.name, e.code, e.message);
}
try {
  new TextDecoder('nope');
} catch (e) {
  console.log(e.name, e.code, e.message);
}
const latin = new TextDecoder('latin1');
console.log(latin.encoding, latin.decode(new Uint8Array([0x41, 0x80, 0xe9, 0x9f])));
const utf16 = new TextDecoder('utf-16le');
console.log(utf16.encoding, utf16.decode(new Uint8Array([0xff, 0xfe, 0x68, 0x00, 0x3d, 0xd8, 0x00, 0xde])));
console.log(new TextDecoder().decode(new Uint16Array([0x6968]).buffer));
// UTF-16BE (labels utf-16be, unicodefffe): the byte order mark dropped, a
// surrogate pair kept for its trail across chunks, an odd byte as U+FFFD.
const be = new TextDecoder('unicodefffe');
show([be.encoding, be.decode(new Uint8Array([0xfe, 0xff, 0xd8]), { stream: true }), be.decode(new Uint8Array([0x3d, 0xde, 0x00, 0x00, 0x68, 0x00]))]);
try { new TextDecoder('utf-16be', { fatal: true }).decode(new Uint8Array([0xdc, 0x00])); } catch (e) { show([e.name, e.code, e.message]); }

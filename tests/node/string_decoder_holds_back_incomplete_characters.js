// Recorded with Node 24: node tests/node/string_decoder_holds_back_incomplete_characters.js
// StringDecoder keeps an incomplete character's bytes for the next write and
// replaces what end() cannot finish.
const { StringDecoder } = require('string_decoder');
const show = (s) => JSON.stringify(s);
const euro = Buffer.from('€'); // e2 82 ac
let d = new StringDecoder('utf8');
console.log(show(d.write(euro.subarray(0, 1))), show(d.write(euro.subarray(1, 2))), show(d.write(euro.subarray(2))));
console.log(show(d.write(Buffer.from([0xf0, 0x9f]))), show(d.end()));
console.log(show(d.write(Buffer.from([0x61, 0xff, 0x62]))), show(d.end(Buffer.from([0xe2, 0x82]))));
d = new StringDecoder('utf16le');
const smile = Buffer.from('a😀', 'utf16le');
console.log(show(d.write(smile.subarray(0, 3))), show(d.write(smile.subarray(3, 5))), show(d.write(smile.subarray(5))));
console.log(show(d.write(Buffer.from([0x61]))), show(d.end()));
d = new StringDecoder('base64');
console.log(show(d.write(Buffer.from('ab'))), show(d.write(Buffer.from('cd'))), show(d.end()));
d = new StringDecoder('hex');
console.log(show(d.write(Buffer.from([1, 255]))), show(d.end(Buffer.from([16]))));
d = new StringDecoder('latin1');
console.log(show(d.write(Buffer.from([0xe9, 0x41]))), d.encoding, new StringDecoder().encoding, new StringDecoder('UCS2').encoding);
try { new StringDecoder('nope'); } catch (e) { console.log(e.name, e.code, e.message); }
try { new StringDecoder('utf8').write(42); } catch (e) { console.log(e.name, e.code, e.message); }

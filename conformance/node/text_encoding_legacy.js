// Legacy encodings of the Encoding Standard through TextDecoder: names from
// labels, single-byte and multi-byte decoders, streaming split inside a
// character, fatal mode, the replacement labels, and BOM handling.
const show = (s) => JSON.stringify(s);
const hex = (s) => Array.from(s, (c) => c.codePointAt(0).toString(16)).join(' ');
for (const label of ['shift_jis', 'sjis', 'gbk', 'GB2312', 'gb18030', 'big5', 'euc-kr', 'euc-jp', 'iso-2022-jp',
  'iso-8859-2', 'latin2', 'iso-8859-8-i', 'koi8-r', 'koi8-u', 'windows-1251', 'cp1250', 'ibm866', 'macintosh',
  'x-mac-cyrillic', 'x-user-defined', 'windows-874', 'tis-620', ' utf8 ', 'UTF-16', 'latin1', 'ascii']) {
  console.log('label', label, '->', new TextDecoder(label).encoding);
}
for (const label of ['iso-2022-kr', 'replacement', 'hz-gb-2312', 'utf-7', 'nonsense']) {
  try { new TextDecoder(label); console.log('accepted', label); } catch (e) { console.log('refused', label, e.name); }
}
const cases = [
  ['shift_jis', [0x82, 0xa0, 0x82, 0xa2, 0x93, 0xfa, 0x96, 0x7b, 0x41]],
  ['gbk', [0xc4, 0xe3, 0xba, 0xc3, 0x80]],
  ['gb18030', [0x81, 0x30, 0x81, 0x30, 0xc4, 0xe3]],
  ['big5', [0xa4, 0xa4, 0xa4, 0xe5]],
  ['euc-kr', [0xc7, 0xd1, 0xb1, 0xdb]],
  ['euc-jp', [0xa4, 0xa2, 0x8e, 0xb1, 0x8f, 0xb0, 0xa1]],
  ['iso-2022-jp', [0x1b, 0x24, 0x42, 0x24, 0x22, 0x1b, 0x28, 0x42, 0x41]],
  ['iso-8859-2', [0xa1, 0xb1, 0xe6, 0x41]],
  ['koi8-r', [0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4]],
  ['windows-1251', [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]],
  ['ibm866', [0x8f, 0xe0, 0xa8, 0xa2, 0xa5, 0xe2]],
  ['macintosh', [0x80, 0xa5, 0xc9]],
  ['x-user-defined', [0x41, 0x80, 0xff]],
  ['windows-1252', [0x80, 0x81, 0x9f, 0xe9]],
  ['windows-874', [0xa1, 0xdb]],
];
for (const [label, bytes] of cases) {
  console.log('decode', label, hex(new TextDecoder(label).decode(new Uint8Array(bytes))));
}
// Streaming: every split point of a multi-byte sequence.
for (const [label, bytes] of [['shift_jis', [0x82, 0xa0, 0x93, 0xfa]], ['gb18030', [0x81, 0x30, 0x81, 0x30]], ['euc-jp', [0x8f, 0xb0, 0xa1]], ['big5', [0xa4, 0xa4, 0x41]]]) {
  for (let cut = 1; cut < bytes.length; cut++) {
    const d = new TextDecoder(label);
    const a = d.decode(new Uint8Array(bytes.slice(0, cut)), { stream: true });
    const b = d.decode(new Uint8Array(bytes.slice(cut)));
    console.log('stream', label, cut, show(hex(a)), show(hex(b)));
  }
  // An incomplete sequence at the end of the stream is one U+FFFD.
  const d = new TextDecoder(label);
  console.log('truncated', label, hex(d.decode(new Uint8Array(bytes.slice(0, 1)))));
}
// Fatal mode.
for (const [label, bytes] of [['shift_jis', [0x82]], ['shift_jis', [0xa0]], ['euc-kr', [0xc7, 0x41]], ['gbk', [0x80]], ['iso-8859-8', [0xa1]], ['windows-1253', [0xaa]]]) {
  try { console.log('fatal ok', label, hex(new TextDecoder(label, { fatal: true }).decode(new Uint8Array(bytes)))); } catch (e) { console.log('fatal', label, e.name); }
}
// BOMs: the encoding's own BOM is dropped unless ignoreBOM; another's is text.
for (const [label, bytes, ignoreBOM] of [['utf-8', [0xef, 0xbb, 0xbf, 0x41], false], ['utf-8', [0xef, 0xbb, 0xbf, 0x41], true],
  ['utf-16le', [0xff, 0xfe, 0x41, 0], false], ['utf-16be', [0xfe, 0xff, 0, 0x41], false], ['utf-16le', [0xfe, 0xff, 0x41, 0], false],
  ['utf-8', [0xff, 0xfe, 0x41, 0], false], ['shift_jis', [0xef, 0xbb, 0xbf, 0x41], false]]) {
  console.log('bom', label, ignoreBOM, hex(new TextDecoder(label, { ignoreBOM }).decode(new Uint8Array(bytes))));
}
// A BOM split across stream calls, then a second decode on the same decoder.
const u = new TextDecoder('utf-8');
console.log('split bom', show(u.decode(new Uint8Array([0xef, 0xbb]), { stream: true })), show(u.decode(new Uint8Array([0xbf, 0x42]))), show(u.decode(new Uint8Array([0xef, 0xbb, 0xbf, 0x43]))));
console.log('stream ended', show(new TextDecoder('utf-16le').decode(new Uint8Array([0x41]))));

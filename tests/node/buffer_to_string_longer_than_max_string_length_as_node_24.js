// node tests/node/buffer_to_string_longer_than_max_string_length_as_node_24.js > tests/node/buffer_to_string_longer_than_max_string_length_as_node_24.out (recorded with Node 24)
// Buffer's toString makes no string longer than
// buffer.constants.MAX_STRING_LENGTH (V8's String::kMaxLength): Node's
// StringBytes::Encode (src/string_bytes.cc) throws ERR_STRING_TOO_LONG, for
// every encoding, by the length the string would have (hex twice the bytes,
// base64 four for three).
const { constants: { MAX_STRING_LENGTH } } = require('buffer');
const show = (label, f) => { try { console.log(label, 'ok', f()); } catch (e) { console.log(label, 'throws', e.constructor.name, e.code, e.message); } };
show('hex over the limit', () => Buffer.alloc(Math.floor(MAX_STRING_LENGTH / 2) + 1).toString('hex').length);
show('base64 over the limit', () => Buffer.alloc(Math.floor(MAX_STRING_LENGTH / 4) * 3 + 3).toString('base64').length);
const over = Buffer.alloc(MAX_STRING_LENGTH + 1);
show('latin1 over the limit', () => over.toString('latin1').length);
show('utf8 over the limit', () => over.toString().length);
show('small', () => Buffer.from('abc').toString('hex'));

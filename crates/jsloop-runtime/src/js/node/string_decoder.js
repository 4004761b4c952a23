// jsloop node glue: the `string_decoder` module (Node's docs, "String
// decoder"). A StringDecoder turns Buffers into strings without splitting a
// multi-byte character across two writes: what a write cannot finish is held
// back until the next write or end().
//
// Hand-written rather than encoding_rs: the decoding itself is Buffer's
// (toString, which is Rust's); what this adds is only Node's rule for which
// trailing bytes are incomplete (UTF-8 lead and continuation bytes, UTF-16
// surrogate pairs, base64's 3-byte groups) and what end() makes of them (one
// U+FFFD for a truncated UTF-8 sequence), which encoding_rs's streaming
// decoder words differently (it replaces per maximal subpart, as WHATWG does,
// not once per held-back tail as Node does).
// internals: { require(id) }
(function (internals) {
  'use strict';
  const { Buffer } = internals.require('buffer');
  const kNativeDecoder = Symbol('kNativeDecoder');

  // Node's normalizeEncoding (lib/internal/util.js): the encoding's canonical
  // name, or undefined.
  function normalizeEncoding(enc) {
    if (enc == null || enc === 'utf8' || enc === 'utf-8') return 'utf8';
    switch (String(enc).toLowerCase()) {
      case 'utf8': case 'utf-8': case '': return 'utf8';
      case 'ucs2': case 'ucs-2': case 'utf16le': case 'utf-16le': return 'utf16le';
      case 'latin1': case 'binary': return 'latin1';
      case 'base64': return 'base64';
      case 'base64url': return 'base64url';
      case 'hex': return 'hex';
      case 'ascii': return 'ascii';
      default: return undefined;
    }
  }

  function unknownEncoding(enc) {
    return internals.nodeError(TypeError, 'ERR_UNKNOWN_ENCODING', `Unknown encoding: ${enc}`);
  }

  // The number of bytes a UTF-8 sequence with this lead byte has (0 for a
  // continuation byte or an invalid lead).
  function utf8Length(byte) {
    if (byte <= 0x7f) return 1;
    if (byte >> 5 === 0x06) return 2;
    if (byte >> 4 === 0x0e) return 3;
    if (byte >> 3 === 0x1e) return 4;
    return 0;
  }

  class StringDecoder {
    constructor(encoding) {
      const enc = normalizeEncoding(encoding);
      if (enc === undefined) throw unknownEncoding(encoding);
      this.encoding = enc;
      // The held-back bytes of an unfinished character and how many more it needs.
      this[kNativeDecoder] = { pending: Buffer.alloc(0), need: 0 };
    }

    // "Returns a decoded string, ensuring that any incomplete multibyte
    // characters at the end of the Buffer ... are omitted from the returned
    // string and stored in an internal buffer for the next call."
    write(buf) {
      if (typeof buf === 'string') return buf;
      if (!ArrayBuffer.isView(buf)) {
        throw internals.invalidArgType('buf', ['Buffer', 'TypedArray', 'DataView'], buf);
      }
      let bytes = Buffer.isBuffer(buf) ? buf : Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
      const st = this[kNativeDecoder];
      if (st.pending.length) bytes = Buffer.concat([st.pending, bytes]);
      const keep = this.#incompleteTail(bytes);
      st.pending = keep ? Buffer.from(bytes.subarray(bytes.length - keep)) : Buffer.alloc(0);
      return bytes.toString(this.encoding, 0, bytes.length - keep);
    }

    // "Returns any remaining input stored in the internal buffer as a string.
    // Bytes representing incomplete UTF-8 and UTF-16 characters will be
    // replaced with substitution characters."
    end(buf) {
      let out = '';
      if (buf !== undefined) out = this.write(buf);
      const st = this[kNativeDecoder];
      const rest = st.pending;
      st.pending = Buffer.alloc(0);
      st.need = 0;
      if (!rest.length) return out;
      switch (this.encoding) {
        case 'utf8': return out + '\ufffd';
        case 'utf16le': return out + rest.toString('utf16le', 0, rest.length - (rest.length % 2));
        default: return out + rest.toString(this.encoding);
      }
    }

    // How many bytes at the end of `bytes` begin a character the next write
    // may finish (Node's src/string_decoder.cc keeps the same ones).
    #incompleteTail(bytes) {
      const n = bytes.length;
      const st = this[kNativeDecoder];
      switch (this.encoding) {
        case 'utf8': {
          // Look back at most 3 bytes for a lead byte whose sequence runs past the end.
          for (let back = 1; back <= Math.min(3, n); back++) {
            const b = bytes[n - back];
            if ((b & 0xc0) === 0x80) continue; // continuation: keep looking
            const len = utf8Length(b);
            if (len > back) {
              // Only hold back if the continuation bytes seen so far are valid
              // for this lead (otherwise the bytes decode now as replacement).
              if (len >= 3 && back >= 2 && !secondByteOk(b, bytes[n - back + 1])) return 0;
              st.need = len - back;
              return back;
            }
            return 0;
          }
          return 0;
        }
        case 'utf16le': {
          if (n % 2 === 1) {
            // An odd byte; and if the unit before it is a lead surrogate, it too.
            if (n >= 3) {
              const hi = bytes[n - 2];
              if (hi >= 0xd8 && hi <= 0xdb) return 3;
            }
            return 1;
          }
          if (n >= 2) {
            const hi = bytes[n - 1];
            if (hi >= 0xd8 && hi <= 0xdb) return 2;
          }
          return 0;
        }
        case 'base64':
        case 'base64url':
          return n % 3;
        default:
          return 0;
      }
    }

    get lastNeed() { return this[kNativeDecoder].pending.length ? this[kNativeDecoder].need : 0; }
    get lastTotal() { return this[kNativeDecoder].pending.length + this.lastNeed; }
    get lastChar() {
      const b = Buffer.alloc(4);
      this[kNativeDecoder].pending.copy(b);
      return b;
    }
  }

  // The second byte's allowed range after E0/ED/F0/F4 (Unicode Table 3-7).
  function secondByteOk(lead, second) {
    if (lead === 0xe0) return second >= 0xa0 && second <= 0xbf;
    if (lead === 0xed) return second >= 0x80 && second <= 0x9f;
    if (lead === 0xf0) return second >= 0x90 && second <= 0xbf;
    if (lead === 0xf4) return second >= 0x80 && second <= 0x8f;
    if (lead > 0xf4) return false;
    return (second & 0xc0) === 0x80;
  }

  return { StringDecoder };
})

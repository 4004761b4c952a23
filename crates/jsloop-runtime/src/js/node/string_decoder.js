// jsloop node glue: the `string_decoder` module (Node's docs, "String
// decoder"). A StringDecoder turns Buffers into strings without splitting a
// multi-byte character across two writes: what a write cannot finish is held
// back until the next write or end().
//
// Hand-written rather than encoding_rs's streaming decoder: the decoding
// itself is Buffer's toString (Rust's), and what this adds is Node's own rule
// for which trailing bytes wait for the next write (src/string_decoder.cc:
// UTF-8 lead and continuation bytes, UTF-16 units and lead surrogates,
// base64's 3-byte groups, and that a finished held-back character is decoded
// on its own). encoding_rs would decode across writes as WHATWG does, which
// differs from Node exactly there (a completed lone lead surrogate, a byte
// that interrupts a sequence).
// internals: { require(id) }
(function (internals) {
  'use strict';
  const { Buffer } = internals.require('buffer');
  const kNativeDecoder = Symbol('kNativeDecoder');
  // (Node checks with the primordial ArrayBufferIsView, taken at start.)
  const isView = ArrayBuffer.isView;
  // The host's latin1 decoding of a Uint8Array's bytes (what Buffer#toString
  // of a whole Buffer in latin1 calls: js/41_buffer.js).
  const latin1Decode = internals.host.latin1Decode;

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

  // The decoder's state is Node's (src/string_decoder.h), a 7-byte Buffer
  // laid out as Node's: up to 4 bytes of an unfinished character
  // (kIncompleteCharactersStart..End, "buffered"), how many more it needs
  // (kMissingBytes), how many it has (kBufferedBytes), and the encoding's
  // number in Node's `enum encoding` (kEncodingField). A write first
  // finishes that character (decoding it on its own, as Node does, so a
  // completed UTF-16 unit is emitted even if it is a lone lead surrogate),
  // then decodes the rest except a trailing unfinished character, which it
  // keeps.
  const kMissingBytes = 4;
  const kBufferedBytes = 5;
  const kEncodingField = 6;
  const kSize = 7;
  const ENCODING_NUMBERS = { ascii: 0, utf8: 1, base64: 2, utf16le: 3, latin1: 4, hex: 5, base64url: 7 };

  // Node's lib/string_decoder.js makes StringDecoder a function with its
  // methods assigned to the prototype (enumerable) and the legacy fields as
  // enumerable accessors; so does this.
  function StringDecoder(encoding) {
    const enc = normalizeEncoding(encoding);
    this.encoding = enc;
    if (enc === undefined) throw unknownEncoding(encoding);
    this[kNativeDecoder] = Buffer.alloc(kSize);
    this[kNativeDecoder][kEncodingField] = ENCODING_NUMBERS[enc];
  }

  // "Returns a decoded string, ensuring that any incomplete multibyte
  // characters at the end of the Buffer ... are omitted from the returned
  // string and stored in an internal buffer for the next call."
  StringDecoder.prototype.write = function write(buf) {
    const enc = this.encoding;
    // A Uint8Array in latin1 (each byte one character, so nothing is held
    // back between writes): its bytes' string at once, the decoding that
    // data.toString(enc) below comes to for it (a Buffer, or one made over
    // the same bytes). latin1Decode's lenient form checks the value in the
    // same call: anything else (a string, another view, one out of bounds)
    // gives undefined and takes the steps below, as does a `this` that is
    // not a decoder.
    if (enc === 'latin1') {
      const text = latin1Decode(buf, true);
      // (Two ifs: QuickJS tests typeof 'undefined' in one instruction when
      // a jump follows it, not inside &&.)
      if (typeof text !== 'undefined') {
        if (this[kNativeDecoder]) return text;
      }
    }
    if (typeof buf === 'string') return buf;
    if (!isView(buf)) {
      throw internals.invalidArgType('buf', ['Buffer', 'TypedArray', 'DataView'], buf);
    }
    const st = this[kNativeDecoder];
    if (!st) throw internals.nodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type StringDecoder');
    let data = buf instanceof Buffer ? buf : Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
    if (enc !== 'utf8' && enc !== 'utf16le' && enc !== 'base64' && enc !== 'base64url') return data.toString(enc);
    let prepend = '';
    if (st[kMissingBytes] > 0) {
      if (enc === 'utf8') {
        // A byte that should continue the character but does not starts a
        // new one; the unfinished character ends before it.
        for (let i = 0; i < data.length && i < st[kMissingBytes]; i++) {
          if ((data[i] & 0xc0) !== 0x80) {
            st[kMissingBytes] = 0;
            st.set(data.subarray(0, i), st[kBufferedBytes]);
            st[kBufferedBytes] += i;
            data = data.subarray(i);
            break;
          }
        }
      }
      const found = Math.min(data.length, st[kMissingBytes]);
      st.set(data.subarray(0, found), st[kBufferedBytes]);
      data = data.subarray(found);
      st[kMissingBytes] -= found;
      st[kBufferedBytes] += found;
      if (st[kMissingBytes] === 0) {
        prepend = st.toString(enc, 0, st[kBufferedBytes]);
        st[kBufferedBytes] = 0;
      }
    }
    if (data.length === 0) return prepend;
    const n = data.length;
    let buffered = 0;
    let missing = 0;
    if (enc === 'utf8' && data[n - 1] & 0x80) {
      // Walk back to the lead byte of the last character.
      for (let i = n - 1; ; i--) {
        buffered++;
        if ((data[i] & 0xc0) === 0x80) {
          if (buffered >= 4 || i === 0) {
            buffered = 0;
            break;
          }
        } else {
          if ((data[i] & 0xe0) === 0xc0) missing = 2;
          else if ((data[i] & 0xf0) === 0xe0) missing = 3;
          else if ((data[i] & 0xf8) === 0xf0) missing = 4;
          else {
            buffered = 0;
            break;
          }
          if (buffered >= missing) {
            missing = 0;
            buffered = 0;
          }
          missing -= buffered;
          break;
        }
      }
    } else if (enc === 'utf16le') {
      if (n % 2 === 1) {
        buffered = 1;
        missing = 1;
      } else if ((data[n - 1] & 0xfc) === 0xd8) {
        buffered = 2;
        missing = 2;
      }
    } else if (enc === 'base64' || enc === 'base64url') {
      buffered = n % 3;
      if (buffered > 0) missing = 3 - buffered;
    }
    st[kBufferedBytes] = buffered;
    st[kMissingBytes] = missing;
    const bodyEnd = n - buffered;
    if (buffered > 0) st.set(data.subarray(bodyEnd, n), 0);
    return prepend + (bodyEnd > 0 ? data.toString(enc, 0, bodyEnd) : '');
  };

  // "Returns any remaining input stored in the internal buffer as a string.
  // Bytes representing incomplete UTF-8 and UTF-16 characters will be
  // replaced with substitution characters."
  StringDecoder.prototype.end = function end(buf) {
    const out = buf === undefined ? '' : this.write(buf);
    const st = this[kNativeDecoder];
    if (st[kBufferedBytes] === 0) return out;
    // (src/string_decoder.cc FlushData.)
    if (this.encoding === 'utf16le' && st[kBufferedBytes] % 2 === 1) {
      // A single trailing byte is dropped.
      st[kMissingBytes]--;
      st[kBufferedBytes]--;
    }
    if (st[kBufferedBytes] === 0) return out;
    const rest = st.toString(this.encoding, 0, st[kBufferedBytes]);
    st[kMissingBytes] = 0;
    st[kBufferedBytes] = 0;
    return out + rest;
  };

  // (Node's "undocumented legacy stuff".)
  StringDecoder.prototype.text = function text(buf, offset) {
    this[kNativeDecoder][kMissingBytes] = 0;
    this[kNativeDecoder][kBufferedBytes] = 0;
    return this.write(buf.slice(offset));
  };
  Object.defineProperties(StringDecoder.prototype, {
    lastChar: { configurable: true, enumerable: true, get() { return this[kNativeDecoder].subarray(0, 4); } },
    lastNeed: { configurable: true, enumerable: true, get() { return this[kNativeDecoder][kMissingBytes]; } },
    lastTotal: {
      configurable: true,
      enumerable: true,
      get() { return this[kNativeDecoder][kBufferedBytes] + this[kNativeDecoder][kMissingBytes]; },
    },
  });

  // (The host's read of a socket decodes latin1 itself when a decoder's
  // write is this one: node/net_read.rs.)
  internals.stringDecoderWrite = StringDecoder.prototype.write;
  internals.stringDecoderState = kNativeDecoder;
  return { StringDecoder };
})

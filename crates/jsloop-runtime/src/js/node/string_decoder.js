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

  // The decoder's state is Node's (src/string_decoder.cc): up to 4 bytes of
  // an unfinished character ("buffered") and how many more it needs
  // ("missing"). A write first finishes that character (decoding it on its
  // own, as Node does, so a completed UTF-16 unit is emitted even if it is a
  // lone lead surrogate), then decodes the rest except a trailing unfinished
  // character, which it keeps.
  class StringDecoder {
    constructor(encoding) {
      const enc = normalizeEncoding(encoding);
      if (enc === undefined) throw unknownEncoding(encoding);
      this.encoding = enc;
      this[kNativeDecoder] = { buffered: Buffer.alloc(4), bufferedBytes: 0, missingBytes: 0 };
    }

    // "Returns a decoded string, ensuring that any incomplete multibyte
    // characters at the end of the Buffer ... are omitted from the returned
    // string and stored in an internal buffer for the next call."
    write(buf) {
      const enc = this.encoding;
      // A Buffer in latin1 (each byte one character, so nothing is held
      // back between writes): its bytes' string at once, the decoding that
      // data.toString(enc) below comes to for it. (A view is not a string:
      // the checks below pass it.)
      if (enc === 'latin1' && buf instanceof Buffer && isView(buf)) return latin1Decode(buf);
      if (typeof buf === 'string') return buf;
      if (!isView(buf)) {
        throw internals.invalidArgType('buf', ['Buffer', 'TypedArray', 'DataView'], buf);
      }
      let data = buf instanceof Buffer ? buf : Buffer.from(buf.buffer, buf.byteOffset, buf.byteLength);
      if (enc !== 'utf8' && enc !== 'utf16le' && enc !== 'base64' && enc !== 'base64url') return data.toString(enc);
      const st = this[kNativeDecoder];
      let prepend = '';
      if (st.missingBytes > 0) {
        if (enc === 'utf8') {
          // A byte that should continue the character but does not starts a
          // new one; the unfinished character ends before it.
          for (let i = 0; i < data.length && i < st.missingBytes; i++) {
            if ((data[i] & 0xc0) !== 0x80) {
              st.missingBytes = 0;
              st.buffered.set(data.subarray(0, i), st.bufferedBytes);
              st.bufferedBytes += i;
              data = data.subarray(i);
              break;
            }
          }
        }
        const found = Math.min(data.length, st.missingBytes);
        st.buffered.set(data.subarray(0, found), st.bufferedBytes);
        data = data.subarray(found);
        st.missingBytes -= found;
        st.bufferedBytes += found;
        if (st.missingBytes === 0) {
          prepend = st.buffered.toString(enc, 0, st.bufferedBytes);
          st.bufferedBytes = 0;
        }
      }
      if (data.length === 0) return prepend;
      const n = data.length;
      if (enc === 'utf8' && data[n - 1] & 0x80) {
        // Walk back to the lead byte of the last character.
        for (let i = n - 1; ; i--) {
          st.bufferedBytes++;
          if ((data[i] & 0xc0) === 0x80) {
            if (st.bufferedBytes >= 4 || i === 0) {
              st.bufferedBytes = 0;
              break;
            }
          } else {
            if ((data[i] & 0xe0) === 0xc0) st.missingBytes = 2;
            else if ((data[i] & 0xf0) === 0xe0) st.missingBytes = 3;
            else if ((data[i] & 0xf8) === 0xf0) st.missingBytes = 4;
            else {
              st.bufferedBytes = 0;
              break;
            }
            if (st.bufferedBytes >= st.missingBytes) {
              st.missingBytes = 0;
              st.bufferedBytes = 0;
            }
            st.missingBytes -= st.bufferedBytes;
            break;
          }
        }
      } else if (enc === 'utf16le') {
        if (n % 2 === 1) {
          st.bufferedBytes = 1;
          st.missingBytes = 1;
        } else if ((data[n - 1] & 0xfc) === 0xd8) {
          st.bufferedBytes = 2;
          st.missingBytes = 2;
        }
      } else if (enc === 'base64' || enc === 'base64url') {
        st.bufferedBytes = n % 3;
        if (st.bufferedBytes > 0) st.missingBytes = 3 - st.bufferedBytes;
      }
      const bodyEnd = n - st.bufferedBytes;
      if (st.bufferedBytes > 0) st.buffered.set(data.subarray(bodyEnd, n), 0);
      return prepend + (bodyEnd > 0 ? data.toString(enc, 0, bodyEnd) : '');
    }

    // "Returns any remaining input stored in the internal buffer as a string.
    // Bytes representing incomplete UTF-8 and UTF-16 characters will be
    // replaced with substitution characters."
    end(buf) {
      let out = '';
      if (buf !== undefined) out = this.write(buf);
      const st = this[kNativeDecoder];
      if (this.encoding === 'utf16le' && st.bufferedBytes % 2 === 1) {
        // A single trailing byte is dropped.
        st.missingBytes--;
        st.bufferedBytes--;
      }
      if (st.bufferedBytes === 0) return out;
      const rest = st.buffered.toString(this.encoding, 0, st.bufferedBytes);
      st.missingBytes = 0;
      st.bufferedBytes = 0;
      return out + rest;
    }

    get lastNeed() { return this[kNativeDecoder].missingBytes; }
    get lastTotal() { return this[kNativeDecoder].bufferedBytes + this[kNativeDecoder].missingBytes; }
    get lastChar() { return this[kNativeDecoder].buffered.subarray(0, 4); }
  }

  return { StringDecoder };
})

// jsloop glue: `TextEncoder` and `TextDecoder` (the WHATWG Encoding
// Standard, https://encoding.spec.whatwg.org/), a factory both hosts call:
// the node host for its globals and `require('util')`'s (node/encoding.js),
// the browser host for its window's and workers' (18_encoding.js). The
// encodings are UTF-8, UTF-16LE, UTF-16BE and windows-1252 (whose labels include
// latin1 and ascii). `deps.host` has the shared host functions
// (src/encoding.rs: utf8Encode, utf8Decode); `deps.errors` makes each
// host's errors (Node's ERR_* codes, or Chromium's messages):
// unsupported(label, interface), invalidData(encoding), notBytes(value),
// notUint8Array(value), notOptions(value), and optionally streamNotBytes
// and streamInvalidData (TextDecoderStream's, if worded otherwise).
(function (deps) {
  'use strict';
  const { host, errors } = deps;
  // (Lone surrogates become U+FFFD, as the Encoding Standard's encoder does.)
  const utf8Encode = (s) => new Uint8Array(host.utf8Encode(s.toWellFormed()));
  const utf8Decode = (bytes) => host.utf8Decode(bytes);
  // https://encoding.spec.whatwg.org/#shared-utf-16-decoder: code units in
  // pairs of bytes, the low byte first unless `be` (UTF-16BE); an odd byte
  // at the end and lone surrogates are the caller's to handle.
  function utf16Decode(bytes, be) {
    let out = '';
    const whole = bytes.length - (bytes.length % 2);
    for (let i = 0; i < whole; i += 8192) {
      const end = Math.min(whole, i + 8192);
      const units = new Array((end - i) / 2);
      for (let j = i, k = 0; j < end; j += 2, k++) units[k] = be ? (bytes[j] << 8) | bytes[j + 1] : bytes[j] | (bytes[j + 1] << 8);
      out += String.fromCharCode.apply(null, units);
    }
    return out;
  }

  // https://encoding.spec.whatwg.org/#names-and-labels (UTF-8, UTF-16LE, UTF-16BE
  // and windows-1252).
  const LABELS = new Map();
  for (const l of ['unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'utf-8', 'utf8', 'x-unicode20utf8']) LABELS.set(l, 'utf-8');
  for (const l of ['csunicode', 'iso-10646-ucs-2', 'ucs-2', 'unicode', 'unicodefeff', 'utf-16', 'utf-16le']) LABELS.set(l, 'utf-16le');
  for (const l of ['unicodefffe', 'utf-16be']) LABELS.set(l, 'utf-16be');
  for (const l of ['ansi_x3.4-1968', 'ascii', 'cp1252', 'cp819', 'csisolatin1', 'ibm819', 'iso-8859-1', 'iso-ir-100',
    'iso8859-1', 'iso88591', 'iso_8859-1', 'iso_8859-1:1987', 'l1', 'latin1', 'us-ascii', 'windows-1252', 'x-cp1252']) LABELS.set(l, 'windows-1252');
  // windows-1252's bytes 0x80-0x9F (https://encoding.spec.whatwg.org/index-windows-1252.txt).
  const W1252 = [0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
    0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178];

  // https://encoding.spec.whatwg.org/#interface-textencoder
  class TextEncoder {
    get encoding() { return 'utf-8'; }
    // https://encoding.spec.whatwg.org/#dom-textencoder-encode
    encode(input = '') {
      return utf8Encode(`${input}`);
    }
    // https://encoding.spec.whatwg.org/#dom-textencoder-encodeinto
    encodeInto(src, dest) {
      if (!(dest instanceof Uint8Array)) throw errors.notUint8Array(dest);
      src = `${src}`;
      let read = 0;
      let written = 0;
      for (let i = 0; i < src.length;) {
        let cp = src.codePointAt(i);
        const units = cp > 0xffff ? 2 : 1;
        if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
        const size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        if (written + size > dest.length) break;
        if (size === 1) dest[written] = cp;
        else if (size === 2) { dest[written] = 0xc0 | (cp >> 6); dest[written + 1] = 0x80 | (cp & 63); }
        else if (size === 3) { dest[written] = 0xe0 | (cp >> 12); dest[written + 1] = 0x80 | ((cp >> 6) & 63); dest[written + 2] = 0x80 | (cp & 63); }
        else { dest[written] = 0xf0 | (cp >> 18); dest[written + 1] = 0x80 | ((cp >> 12) & 63); dest[written + 2] = 0x80 | ((cp >> 6) & 63); dest[written + 3] = 0x80 | (cp & 63); }
        written += size;
        read += units;
        i += units;
      }
      return { read, written };
    }
    get [Symbol.toStringTag]() { return 'TextEncoder'; }
  }

  // The length of a complete UTF-8 sequence that starts with `b` (0: not a lead byte).
  const leadLength = (b) => (b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0);
  // How many bytes at the end of `bytes` begin a sequence still incomplete.
  function incompleteTail(bytes) {
    for (let back = 1; back <= Math.min(3, bytes.length); back++) {
      const b = bytes[bytes.length - back];
      if ((b & 0xc0) === 0x80) continue;
      const need = leadLength(b);
      return need > back ? back : 0;
    }
    return 0;
  }
  // Whether `bytes` are well-formed UTF-8 (https://encoding.spec.whatwg.org/#utf-8-decoder:
  // the bytes that decoder accepts without an error).
  function validUtf8(bytes) {
    for (let i = 0; i < bytes.length;) {
      const b = bytes[i];
      const n = leadLength(b);
      if (n === 0) return false;
      if (i + n > bytes.length) return false;
      const c1 = bytes[i + 1];
      if (n >= 2) {
        let lo = 0x80, hi = 0xbf;
        if (b === 0xe0) lo = 0xa0; else if (b === 0xed) hi = 0x9f; else if (b === 0xf0) lo = 0x90; else if (b === 0xf4) hi = 0x8f;
        if (c1 < lo || c1 > hi) return false;
        for (let j = 2; j < n; j++) if ((bytes[i + j] & 0xc0) !== 0x80) return false;
      }
      i += n;
    }
    return true;
  }
  const invalidData = (encoding) => errors.invalidData(encoding);

  // https://encoding.spec.whatwg.org/#interface-textdecoder
  class TextDecoder {
    #encoding; #fatal; #ignoreBOM; #pending = new Uint8Array(0); #bomSeen = false;
    // https://encoding.spec.whatwg.org/#dom-textdecoder
    constructor(label = 'utf-8', options = {}) {
      // Step 1. Get an encoding from label (https://encoding.spec.whatwg.org/#concept-encoding-get:
      // ASCII whitespace stripped, ASCII case-insensitive).
      const name = LABELS.get(`${label}`.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '').toLowerCase());
      // Step 2. Failure: a RangeError.
      if (name === undefined) throw errors.unsupported(label);
      if (options !== null && options !== undefined && typeof options !== 'object') throw errors.notOptions(options);
      this.#encoding = name;
      this.#fatal = !!options?.fatal;
      this.#ignoreBOM = !!options?.ignoreBOM;
    }
    get encoding() { return this.#encoding; }
    get fatal() { return this.#fatal; }
    get ignoreBOM() { return this.#ignoreBOM; }
    // https://encoding.spec.whatwg.org/#dom-textdecoder-decode
    decode(input = new Uint8Array(0), options = {}) {
      let bytes;
      if (ArrayBuffer.isView(input)) bytes = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
      else if (input instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && input instanceof SharedArrayBuffer)) bytes = new Uint8Array(input);
      else throw errors.notBytes(input);
      const stream = !!options?.stream;
      if (this.#pending.length) {
        const all = new Uint8Array(this.#pending.length + bytes.length);
        all.set(this.#pending);
        all.set(bytes, this.#pending.length);
        bytes = all;
        this.#pending = new Uint8Array(0);
      }
      let keep = 0;
      if (stream) {
        if (this.#encoding === 'utf-8') keep = incompleteTail(bytes);
        else if (this.#encoding !== 'windows-1252') {
          keep = bytes.length % 2;
          // A lead surrogate waits for its trail (its high byte is the
          // pair's second in UTF-16LE, its first in UTF-16BE).
          const last = bytes.length - keep - 2;
          const high = this.#encoding === 'utf-16be' ? bytes[last] : bytes[last + 1];
          if (last >= 0 && (high & 0xfc) === 0xd8) keep += 2;
        }
        if (keep) {
          this.#pending = bytes.slice(bytes.length - keep);
          bytes = bytes.subarray(0, bytes.length - keep);
        }
      }
      let text;
      if (this.#encoding === 'utf-8') {
        if (this.#fatal && !validUtf8(bytes)) throw invalidData(this.#encoding);
        text = utf8Decode(bytes);
      } else if (this.#encoding !== 'windows-1252') {
        if (this.#fatal && !stream && bytes.length % 2) throw invalidData(this.#encoding);
        text = utf16Decode(bytes, this.#encoding === 'utf-16be');
        if (bytes.length % 2) text += '\ufffd';
        if (this.#fatal && /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)) throw invalidData(this.#encoding);
        text = text.toWellFormed ? text.toWellFormed() : text;
      } else {
        let out = '';
        for (let i = 0; i < bytes.length; i++) {
          const b = bytes[i];
          out += String.fromCharCode(b >= 0x80 && b <= 0x9f ? W1252[b - 0x80] : b);
        }
        text = out;
      }
      // The byte order mark is dropped once, at the start of the stream.
      if (!this.#ignoreBOM && !this.#bomSeen && text.length > 0) {
        this.#bomSeen = true;
        if (this.#encoding !== 'windows-1252' && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      if (!stream) {
        this.#bomSeen = false;
        this.#pending = new Uint8Array(0);
      }
      return text;
    }
    get [Symbol.toStringTag]() { return 'TextDecoder'; }
  }
  // The stream classes, when the host gives a TransformStream
  // (deps.TransformStream: each host's; https://encoding.spec.whatwg.org/#interface-mixin-generictransformstream).
  // (Read when a stream is made: the node host loads stream/web then.)
  if (!('TransformStream' in deps)) return { TextEncoder, TextDecoder };

  // https://encoding.spec.whatwg.org/#interface-textdecoderstream
  class TextDecoderStream {
    #decoder; #transform;
    // https://encoding.spec.whatwg.org/#dom-textdecoderstream
    constructor(label = 'utf-8', options = {}) {
      // Steps 1-6. The encoding, fatal and ignoreBOM as TextDecoder's
      // constructor finds them (a RangeError for an unknown label).
      if (!LABELS.has(`${label}`.replace(/^[\t\n\f\r ]+|[\t\n\f\r ]+$/g, '').toLowerCase())) throw errors.unsupported(label, 'TextDecoderStream');
      this.#decoder = new TextDecoder(label, options);
      const decoder = this.#decoder;
      // Steps 7-11. A TransformStream whose transform decodes each chunk
      // and whose flush decodes the end of the stream.
      this.#transform = new deps.TransformStream({
        // https://encoding.spec.whatwg.org/#decode-and-enqueue-a-chunk
        transform(chunk, controller) {
          // Step 1. Convert chunk to a BufferSource (a TypeError otherwise).
          if (!ArrayBuffer.isView(chunk) && !(chunk instanceof ArrayBuffer) && !(typeof SharedArrayBuffer === 'function' && chunk instanceof SharedArrayBuffer)) {
            throw (errors.streamNotBytes ?? errors.notBytes)(chunk);
          }
          // Steps 2-5. Decode, keeping an incomplete sequence for later
          // (a fatal decoder's error: the stream's, as the host words it).
          let out;
          try { out = decoder.decode(chunk, { stream: true }); } catch (e) { throw errors.streamInvalidData ? errors.streamInvalidData() : e; }
          // Step 6. Enqueue the output if it is not empty.
          if (out !== '') controller.enqueue(out);
        },
        // https://encoding.spec.whatwg.org/#flush-and-enqueue
        flush(controller) {
          let out;
          try { out = decoder.decode(); } catch (e) { throw errors.streamInvalidData ? errors.streamInvalidData() : e; }
          if (out !== '') controller.enqueue(out);
        },
      });
    }
    get encoding() { return this.#decoder.encoding; }
    get fatal() { return this.#decoder.fatal; }
    get ignoreBOM() { return this.#decoder.ignoreBOM; }
    get readable() { return this.#transform.readable; }
    get writable() { return this.#transform.writable; }
    get [Symbol.toStringTag]() { return 'TextDecoderStream'; }
  }

  // https://encoding.spec.whatwg.org/#interface-textencoderstream
  class TextEncoderStream {
    #transform;
    // https://encoding.spec.whatwg.org/#dom-textencoderstream
    constructor() {
      // A lead surrogate at the end of a chunk waits for the next chunk
      // (the stream's "leading surrogate").
      let lead = '';
      this.#transform = new deps.TransformStream({
        // https://encoding.spec.whatwg.org/#encode-and-enqueue-a-chunk
        transform(chunk, controller) {
          // Step 1. Convert chunk to a DOMString.
          let text = lead + `${chunk}`;
          lead = '';
          const last = text.charCodeAt(text.length - 1);
          if (last >= 0xd800 && last <= 0xdbff) {
            lead = text.slice(-1);
            text = text.slice(0, -1);
          }
          // Steps 2-4. UTF-8 encode; enqueue if not empty.
          if (text !== '') controller.enqueue(utf8Encode(text));
        },
        // https://encoding.spec.whatwg.org/#encode-and-flush: a lead
        // surrogate left over is U+FFFD.
        flush(controller) {
          if (lead !== '') controller.enqueue(new Uint8Array([0xef, 0xbf, 0xbd]));
        },
      });
    }
    get encoding() { return 'utf-8'; }
    get readable() { return this.#transform.readable; }
    get writable() { return this.#transform.writable; }
    get [Symbol.toStringTag]() { return 'TextEncoderStream'; }
  }
  return { TextEncoder, TextDecoder, TextDecoderStream, TextEncoderStream };
})

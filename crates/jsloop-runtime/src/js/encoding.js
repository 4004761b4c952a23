// jsloop glue: `TextEncoder` and `TextDecoder` (the WHATWG Encoding
// Standard, https://encoding.spec.whatwg.org/), a factory both hosts call:
// the node host for its globals and `require('util')`'s (node/encoding.js),
// the browser host for its window's and workers' (18_encoding.js). Every
// encoding the standard names decodes (the decoders are encoding_rs's, in
// src/encoding.rs); `deps.host` has the shared host functions (utf8Encode,
// utf8Decode, encodingForLabel, decode, decoderOpen, decoderDecode,
// decoderClose); `deps.errors` makes each host's errors (Node's ERR_* codes,
// or Chromium's messages):
// unsupported(label, interface), invalidData(encoding), notBytes(value),
// notUint8Array(value), notOptions(value), and optionally streamNotBytes
// and streamInvalidData (TextDecoderStream's, if worded otherwise).
(function (deps) {
  'use strict';
  const { host, errors } = deps;
  // (Lone surrogates become U+FFFD, as the Encoding Standard's encoder does.)
  const utf8Encode = (s) => new Uint8Array(host.utf8Encode(s.toWellFormed()));

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

  const invalidData = (encoding) => errors.invalidData(encoding);
  // A stream's decoder is kept in Rust between calls; one whose TextDecoder
  // is collected mid-stream is forgotten there.
  const streams = new FinalizationRegistry((id) => host.decoderClose(id));

  // https://encoding.spec.whatwg.org/#interface-textdecoder
  class TextDecoder {
    #encoding; #fatal; #ignoreBOM;
    // The decoder of a stream in progress (its id in src/encoding.rs), 0
    // when "do not flush" is false.
    #stream = 0;
    // https://encoding.spec.whatwg.org/#dom-textdecoder
    constructor(label = 'utf-8', options = {}) {
      // Step 1. Get an encoding from label (https://encoding.spec.whatwg.org/#concept-encoding-get:
      // ASCII whitespace stripped, ASCII case-insensitive).
      const name = host.encodingForLabel(`${label}`);
      // Step 2. Failure or replacement: a RangeError.
      if (name === undefined) throw errors.unsupported(label);
      if (options !== null && options !== undefined && typeof options !== 'object') throw errors.notOptions(options);
      // Steps 3-5.
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
      // Step 3. Set "do not flush" to options's stream.
      const stream = !!options?.stream;
      let text;
      if (this.#stream === 0 && !stream) {
        // Step 1 (a new decoder) and steps 4-5 in one: the whole input,
        // then the end of the queue.
        text = host.decode(this.#encoding, bytes, this.#ignoreBOM, this.#fatal);
      } else {
        if (this.#stream === 0) {
          this.#stream = host.decoderOpen(this.#encoding, this.#ignoreBOM);
          streams.register(this, this.#stream, this);
        }
        // Steps 4-5: the bytes so far, and the end of the queue unless
        // "do not flush" (the decoder is forgotten then: step 1's new
        // decoder is made by the next call).
        text = host.decoderDecode(this.#stream, bytes, !stream, this.#fatal);
        if (!stream || text == null) {
          streams.unregister(this);
          this.#stream = 0;
        }
      }
      // Error mode fatal: a TypeError.
      if (text == null) throw invalidData(this.#encoding);
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
      if (host.encodingForLabel(`${label}`) === undefined) throw errors.unsupported(label, 'TextDecoderStream');
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

// jsloop glue 23: CompressionStream and DecompressionStream (the
// Compression Standard, https://compression.spec.whatwg.org/) on the
// browser's global (window or worker): TransformStreams (19_streams.js)
// whose chunks go through the shared host coders (src/compression.rs),
// with the errors Chromium throws.
(function (host, g) {
  'use strict';
  const illegal = () => new TypeError('Illegal invocation');
  const notBytes = () => new TypeError("The provided value is not of type '(ArrayBuffer or ArrayBufferView)'.");
  // What a decompressor's failure is, as Chromium words it (each a TypeError).
  function failure(what) {
    if (what === 'truncated') return new TypeError('Compressed input was truncated.');
    if (what === 'junk') return new TypeError('Junk found after end of compressed data.');
    return new TypeError(`The compressed data was not valid: ${what.slice('invalid:'.length)}.`);
  }
  // BufferSource's bytes (https://webidl.spec.whatwg.org/#BufferSource), a
  // copy of what is there now.
  function bytesOf(chunk) {
    if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (chunk instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && chunk instanceof SharedArrayBuffer)) return new Uint8Array(chunk);
    throw notBytes();
  }
  // The stream's transform: https://compression.spec.whatwg.org/#compress-and-enqueue-a-chunk
  // (or #decompress-and-enqueue-a-chunk) and its flush algorithm.
  function transformFor(iface, format, decompress) {
    // Steps 1-2 of the constructor: the format is a CompressionFormat.
    if (typeof format === 'symbol') throw new TypeError(`Failed to construct '${iface}': Cannot convert a Symbol value to a string`);
    const name = `${format}`;
    const id = host.compressionOpen(name, decompress);
    if (id === 0) throw new TypeError(`Failed to construct '${iface}': Unsupported compression format: '${name}'`);
    const take = (out) => {
      if (typeof out === 'string') throw failure(out);
      return out;
    };
    // A stream dropped before its end forgets its coder.
    let open = true;
    const close = () => { if (open) { open = false; host.compressionClose(id); } };
    return new g.TransformStream({
      transform(chunk, controller) {
        // Step 1. A BufferSource, or a TypeError.
        const bytes = bytesOf(chunk);
        // Steps 2-4. Compress (or decompress) and enqueue what came out, if
        // anything (an error errors the stream).
        let out;
        try { out = take(host.compressionWrite(id, bytes)); } catch (e) { close(); throw e; }
        if (out !== undefined && out.length > 0) controller.enqueue(out);
      },
      flush(controller) {
        // Finish: the rest and the trailer; a decompressor whose input
        // ended before its stream did is an error.
        open = false;
        const out = take(host.compressionFinish(id));
        if (out !== undefined && out.length > 0) controller.enqueue(out);
      },
      cancel() { close(); },
    });
  }
  // The constructor's checks Chromium makes before the format's.
  function construct(iface, target, count) {
    if (target === undefined) throw new TypeError(`Failed to construct '${iface}': Please use the 'new' operator, this DOM object constructor cannot be called as a function.`);
    if (count === 0) throw new TypeError(`Failed to construct '${iface}': 1 argument required, but only 0 present.`);
  }
  // https://compression.spec.whatwg.org/#compressionstream
  class CompressionStream {
    #transform;
    constructor(format) {
      construct('CompressionStream', new.target, arguments.length);
      this.#transform = transformFor('CompressionStream', format, false);
    }
    // https://streams.spec.whatwg.org/#generictransformstream
    get readable() { if (!(#transform in this)) throw illegal(); return this.#transform.readable; }
    get writable() { if (!(#transform in this)) throw illegal(); return this.#transform.writable; }
  }
  // https://compression.spec.whatwg.org/#decompressionstream
  class DecompressionStream {
    #transform;
    constructor(format) {
      construct('DecompressionStream', new.target, arguments.length);
      this.#transform = transformFor('DecompressionStream', format, true);
    }
    get readable() { if (!(#transform in this)) throw illegal(); return this.#transform.readable; }
    get writable() { if (!(#transform in this)) throw illegal(); return this.#transform.writable; }
  }
  for (const C of [CompressionStream, DecompressionStream]) {
    // Attributes are enumerable (https://webidl.spec.whatwg.org/#es-attributes).
    for (const side of ['readable', 'writable']) Object.defineProperty(C.prototype, side, { enumerable: true });
    Object.defineProperty(C.prototype, Symbol.toStringTag, { value: C.name, configurable: true });
    // Interface objects are writable, configurable and not enumerable.
    Object.defineProperty(g, C.name, { value: C, writable: true, configurable: true, enumerable: false });
  }
})

// jsloop node glue: `Blob` and `File` (https://w3c.github.io/FileAPI/),
// Node's globals and `require('buffer').Blob`/`File`: immutable bytes with
// a MIME type, read whole (arrayBuffer, bytes, text) or as a web stream.
(function (internals) {
  'use strict';
  const { Buffer } = internals.require('buffer');
  const kBytes = Symbol('bytes');
  const kType = Symbol('type');
  const kInspect = Symbol('inspect fields');
  // The parts as given: stream() yields one chunk per part, as Node's does.
  const kParts = Symbol('parts');

  // https://w3c.github.io/FileAPI/#process-blob-parts
  function processParts(parts, endings) {
    const chunks = [];
    for (const part of parts) {
      if (part instanceof Blob) chunks.push(...part[kParts]);
      else if (part instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && part instanceof SharedArrayBuffer)) {
        chunks.push(Buffer.from(new Uint8Array(part.slice(0))));
      } else if (ArrayBuffer.isView(part)) {
        chunks.push(Buffer.from(new Uint8Array(part.buffer, part.byteOffset, part.byteLength)));
      } else {
        // A USVString (lone surrogates become U+FFFD when encoded as UTF-8);
        // "native" line endings are LF on this platform.
        let s = String(part);
        if (endings === 'native') s = s.replace(/\r\n|\r/g, '\n');
        chunks.push(Buffer.from(s, 'utf8'));
      }
    }
    return chunks.filter((c) => c.length);
  }
  // The type: lower-cased, or empty if a character is outside U+0020-U+007E.
  function normalizeType(type) {
    const t = String(type);
    return /^[\x20-\x7e]*$/.test(t) ? t.toLowerCase() : '';
  }

  // https://w3c.github.io/FileAPI/#blob-section
  class Blob {
    constructor(blobParts = undefined, options = undefined) {
      if (blobParts !== undefined && (blobParts === null || typeof blobParts !== 'object' || typeof blobParts[Symbol.iterator] !== 'function')) {
        throw new TypeError("Failed to construct 'Blob': The provided value cannot be converted to a sequence.");
      }
      if (options !== undefined && options !== null && typeof options !== 'object' && typeof options !== 'function') {
        throw new TypeError("Failed to construct 'Blob': The provided value is not of type 'BlobPropertyBag'.");
      }
      const endings = options?.endings === undefined ? 'transparent' : String(options.endings);
      if (endings !== 'transparent' && endings !== 'native') {
        throw new TypeError(`Failed to construct 'Blob': The provided value '${endings}' is not a valid enum value of type EndingType.`);
      }
      this[kParts] = processParts(blobParts === undefined ? [] : [...blobParts], endings);
      this[kBytes] = Buffer.concat(this[kParts]);
      this[kType] = options?.type === undefined ? '' : normalizeType(options.type);
    }
    get size() { return this[kBytes].length; }
    get type() { return this[kType]; }
    // https://w3c.github.io/FileAPI/#dfn-slice
    slice(start = 0, end = undefined, contentType = '') {
      const size = this.size;
      const clamp = (v) => { v = Math.trunc(Number(v)) || 0; return v < 0 ? Math.max(size + v, 0) : Math.min(v, size); };
      const from = clamp(start);
      const to = end === undefined ? size : clamp(end);
      const blob = Object.create(Blob.prototype);
      blob[kBytes] = this[kBytes].subarray(from, Math.max(from, to));
      blob[kParts] = blob[kBytes].length ? [blob[kBytes]] : [];
      blob[kType] = contentType === undefined ? '' : normalizeType(contentType);
      return blob;
    }
    arrayBuffer() {
      const b = this[kBytes];
      return Promise.resolve(b.buffer.slice(b.byteOffset, b.byteOffset + b.length));
    }
    bytes() { return this.arrayBuffer().then((ab) => new Uint8Array(ab)); }
    text() { return Promise.resolve(this[kBytes].toString('utf8')); }
    stream() {
      const parts = this[kParts];
      return new ReadableStream({
        type: 'bytes',
        start(controller) {
          for (const part of parts) controller.enqueue(new Uint8Array(part));
          controller.close();
        },
      });
    }
    get [Symbol.toStringTag]() { return 'Blob'; }
    [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) {
      return `${this[Symbol.toStringTag]} ${(inspect || internals.host.inspect)(this[kInspect](), options)}`;
    }
    [kInspect]() { return { size: this.size, type: this.type }; }
  }

  // https://w3c.github.io/FileAPI/#file-section
  class File extends Blob {
    #name;
    #lastModified;
    constructor(fileBits, fileName, options = {}) {
      if (arguments.length < 2) throw new TypeError(`Failed to construct 'File': 2 arguments required, but only ${arguments.length} present.`);
      super(fileBits, options);
      this.#name = String(fileName);
      this.#lastModified = options?.lastModified === undefined ? Date.now() : Number(options.lastModified);
    }
    get name() { return this.#name; }
    get lastModified() { return this.#lastModified; }
    get webkitRelativePath() { return ''; }
    get [Symbol.toStringTag]() { return 'File'; }
    [kInspect]() { return { size: this.size, type: this.type, name: this.name, lastModified: this.lastModified }; }
  }

  // The bytes of a Blob, for fetch (no copy).
  const bytesOf = (blob) => blob[kBytes];
  // For structured clone: [bytes (an ArrayBuffer of their own), type, a
  // File's [name, lastModified] or null], and the Blob or File made back.
  const cloneParts = (v) => {
    const b = v[kBytes];
    return [b.buffer.slice(b.byteOffset, b.byteOffset + b.length), v[kType], v instanceof File ? [v.name, v.lastModified] : null];
  };
  const fromParts = (bytes, type, file) => (file
    ? new File([new Uint8Array(bytes)], file[0], { type, lastModified: file[1] })
    : new Blob([new Uint8Array(bytes)], { type }));
  return { Blob, File, bytesOf, cloneParts, fromParts };
})

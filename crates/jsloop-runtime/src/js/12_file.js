// jsloop glue 12: the File API's Blob and File (https://w3c.github.io/FileAPI/),
// in a window and in a worker, and their structured clone. A Blob's bytes
// are a Uint8Array no one else holds, so they never change.
(function (host, g, web) {
  'use strict';
  const { define } = web;

  // https://encoding.spec.whatwg.org/#utf-8-encode (a USVString: a lone
  // surrogate becomes U+FFFD first).
  function utf8Encode(s) {
    const out = [];
    for (const ch of s) {
      let c = ch.codePointAt(0);
      if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return out;
  }

  const bytesOf = new WeakMap();
  const typeOf = new WeakMap();
  let making = null;
  // https://w3c.github.io/FileAPI/#constructorBlob, step 3: the type is
  // lowercased, or empty if it has a character outside U+0020–U+007E.
  function normalizeType(t) {
    const s = String(t);
    return /^[\x20-\x7e]*$/.test(s) ? s.toLowerCase() : '';
  }
  // https://w3c.github.io/FileAPI/#process-blob-parts
  function processBlobParts(parts, endings, what) {
    const bytes = [];
    for (const element of parts) {
      if (element instanceof Blob) {
        for (const b of bytesOf.get(element)) bytes.push(b);
      } else if (element instanceof ArrayBuffer) {
        for (const b of new Uint8Array(element)) bytes.push(b);
      } else if (ArrayBuffer.isView(element)) {
        for (const b of new Uint8Array(element.buffer, element.byteOffset, element.byteLength)) bytes.push(b);
      } else {
        // Step 1.1. If element is a USVString: with endings "native",
        // convert line endings to native (\n here); UTF-8 encode it.
        let s = String(element);
        if (endings === 'native') s = s.replace(/\r\n?/g, '\n');
        for (const b of utf8Encode(s)) bytes.push(b);
      }
    }
    return new Uint8Array(bytes);
  }
  function readBlobOptions(options, what) {
    if (options !== undefined && options !== null && typeof options !== 'object' && typeof options !== 'function') {
      throw new TypeError(`Failed to construct '${what}': The provided value is not of type '${what === 'File' ? 'FilePropertyBag' : 'BlobPropertyBag'}'.`);
    }
    const o = options ?? {};
    const endings = o.endings === undefined ? 'transparent' : String(o.endings);
    if (endings !== 'transparent' && endings !== 'native') {
      throw new TypeError(`Failed to construct '${what}': Failed to read the 'endings' property from 'BlobPropertyBag': The provided value '${endings}' is not a valid enum value of type EndingType.`);
    }
    return { type: o.type === undefined ? '' : normalizeType(o.type), endings, lastModified: o.lastModified };
  }
  function readParts(parts, what) {
    if (parts === undefined) return [];
    if (parts === null || (typeof parts !== 'object' && typeof parts !== 'function') || typeof parts[Symbol.iterator] !== 'function') {
      throw new TypeError(`Failed to construct '${what}': The provided value cannot be converted to a sequence.`);
    }
    return [...parts];
  }

  // https://w3c.github.io/FileAPI/#blob-section
  class Blob {
    constructor(blobParts = undefined, options = undefined) {
      if (making) {
        bytesOf.set(this, making.bytes);
        typeOf.set(this, making.type);
        return;
      }
      const parts = readParts(blobParts, 'Blob');
      const o = readBlobOptions(options, 'Blob');
      bytesOf.set(this, processBlobParts(parts, o.endings));
      typeOf.set(this, o.type);
    }
    get size() { return bytesOf.get(this).length; }
    get type() { return typeOf.get(this); }
    // https://w3c.github.io/FileAPI/#dfn-slice
    slice(start = undefined, end = undefined, contentType = undefined) {
      const bytes = bytesOf.get(this);
      const size = bytes.length;
      const clamp = (v, dflt) => {
        if (v === undefined) return dflt;
        let n = Math.trunc(Number(v)) || 0;
        if (n < 0) n = Math.max(size + n, 0);
        return Math.min(n, size);
      };
      const from = clamp(start, 0);
      const to = clamp(end, size);
      const type = contentType === undefined ? '' : normalizeType(contentType);
      return makeBlob(bytes.slice(from, Math.max(to, from)), type);
    }
    // https://w3c.github.io/FileAPI/#dom-blob-text
    text() { return Promise.resolve(host.decodeUtf8(bytesOf.get(this).slice().buffer)); }
    // https://w3c.github.io/FileAPI/#dom-blob-arraybuffer
    arrayBuffer() { return Promise.resolve(bytesOf.get(this).slice().buffer); }
  }

  // https://w3c.github.io/FileAPI/#file-section
  const fileState = new WeakMap();
  class File extends Blob {
    constructor(fileBits, fileName, options = undefined) {
      if (arguments.length < 2) throw new TypeError(`Failed to construct 'File': 2 arguments required, but only ${arguments.length} present.`);
      if (making) {
        super();
        fileState.set(this, { name: making.name, lastModified: making.lastModified });
        return;
      }
      const parts = readParts(fileBits, 'File');
      const o = readBlobOptions(options, 'File');
      super(parts, { type: o.type, endings: o.endings });
      const lastModified = o.lastModified === undefined ? Math.floor(Date.now()) : Number(BigInt.asIntN(64, BigInt(Math.trunc(Number(o.lastModified)) || 0)));
      // Step 2. Let n be fileName (a USVString).
      fileState.set(this, { name: String(fileName).replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'), lastModified });
    }
    get name() { return fileState.get(this).name; }
    get lastModified() { return fileState.get(this).lastModified; }
    get webkitRelativePath() { return ''; }
  }

  function makeBlob(bytes, type) {
    making = { bytes, type };
    try { return new Blob(); } finally { making = null; }
  }
  function makeFile(bytes, type, name, lastModified) {
    making = { bytes, type, name, lastModified };
    try { return new File([], ''); } finally { making = null; }
  }
  define(g, { Blob, File });

  // Structured clone: Blob and File are serializable
  // (https://w3c.github.io/FileAPI/#blob-section, [Serializable]).
  const blobHooks = {
    isBlob: (v) => v instanceof Blob,
    // [bytes (an ArrayBuffer of their own), type, file fields or null]
    parts: (v) => [bytesOf.get(v).slice().buffer, typeOf.get(v), v instanceof File ? [fileState.get(v).name, fileState.get(v).lastModified] : null],
    make: (buffer, type, file) => (file ? makeFile(new Uint8Array(buffer), type, file[0], file[1]) : makeBlob(new Uint8Array(buffer), type)),
    clone: (v) => (v instanceof File ? makeFile(bytesOf.get(v), typeOf.get(v), fileState.get(v).name, fileState.get(v).lastModified) : makeBlob(bytesOf.get(v), typeOf.get(v))),
  };
  return { blobHooks, connectSerializer: (ser) => ser.setBlobHooks(blobHooks) };
})

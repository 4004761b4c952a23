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

  // https://w3c.github.io/FileAPI/#filelist-section: a list of Files that
  // never changes once made (a new selection is a new FileList).
  const fileLists = new WeakMap();
  let makingList = null;
  class FileList {
    constructor() {
      if (makingList === null) throw new TypeError('Illegal constructor');
      fileLists.set(this, makingList);
      // The supported property indices: 0 to length - 1.
      makingList.forEach((f, i) => Object.defineProperty(this, i, { value: f, writable: false, enumerable: true, configurable: true }));
    }
    // https://w3c.github.io/FileAPI/#dfn-length
    get length() { return L(this).length; }
    // https://w3c.github.io/FileAPI/#dfn-item
    item(index) { return L(this)[Number(index) >>> 0] || null; }
    [Symbol.iterator]() { return L(this).values(); }
    get [Symbol.toStringTag]() { return 'FileList'; }
  }
  function L(v) {
    const l = fileLists.get(v);
    if (l === undefined) throw new TypeError('Illegal invocation');
    return l;
  }
  function makeFileList(files) {
    makingList = files.slice();
    try { return new FileList(); } finally { makingList = null; }
  }
  web.makeFileList = makeFileList;

  // https://xhr.spec.whatwg.org/#interface-progressevent
  const { Event, EventTarget, DOMException } = g;
  class ProgressEvent extends Event {
    #i;
    constructor(type, init = undefined) {
      if (arguments.length === 0) throw new TypeError("Failed to construct 'ProgressEvent': 1 argument required, but only 0 present.");
      super(type, init);
      const o = init ?? {};
      const u64 = (v) => (v === undefined ? 0 : Math.max(0, Math.trunc(Number(v)) || 0));
      this.#i = { lengthComputable: !!o.lengthComputable, loaded: u64(o.loaded), total: u64(o.total) };
    }
    get lengthComputable() { return this.#i.lengthComputable; }
    get loaded() { return this.#i.loaded; }
    get total() { return this.#i.total; }
  }
  // https://xhr.spec.whatwg.org/#concept-event-fire-progress
  function fireProgress(target, type, loaded, total) {
    web.fireTrusted(target, new ProgressEvent(type, { lengthComputable: true, loaded, total }));
  }

  // https://w3c.github.io/FileAPI/#packaging-data
  function packageData(bytes, type, mimeType, encodingName) {
    switch (type) {
      // DataURL: a data: URL of the bytes, base64, with the blob's type.
      case 'DataURL': {
        let bin = '';
        for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
        return `data:${mimeType === '' ? 'application/octet-stream' : mimeType};base64,${btoa(bin)}`;
      }
      // Text: decoded with the encoding asked for, else the type's charset, else UTF-8.
      case 'Text': return decodeText(bytes, encodingName, mimeType);
      // ArrayBuffer: a new ArrayBuffer of the bytes.
      case 'ArrayBuffer': return bytes.slice().buffer;
      // BinaryString: each byte as a code unit.
      case 'BinaryString': {
        let bin = '';
        for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
        return bin;
      }
    }
  }
  // https://encoding.spec.whatwg.org/#concept-encoding-get (the UTF-8 and
  // UTF-16 labels: jsloop decodes those three encodings; any other label
  // is taken as UTF-8, docs/deviations.md).
  function encodingOf(label) {
    const l = String(label).trim().toLowerCase();
    if (['utf-16be', 'unicodefffe'].includes(l)) return 'utf-16be';
    if (['utf-16', 'utf-16le', 'csunicode', 'iso-10646-ucs-2', 'ucs-2', 'unicode', 'unicodefeff'].includes(l)) return 'utf-16le';
    if (['unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'utf-8', 'utf8', 'x-unicode20utf8'].includes(l)) return 'utf-8';
    return null;
  }
  // https://w3c.github.io/FileAPI/#dom-filereader-readastext (package data, Text)
  function decodeText(bytes, encodingName, mimeType) {
    // Step 1-2. Let encoding be the result of getting an encoding from encodingName, else from the type's charset.
    let encoding = encodingName === undefined ? null : encodingOf(encodingName);
    if (encoding === null) {
      const m = /;\s*charset\s*=\s*"?([^";]+)/i.exec(mimeType);
      if (m) encoding = encodingOf(m[1]);
    }
    // Step 3. If encoding is failure, set encoding to UTF-8.
    if (encoding === null) encoding = 'utf-8';
    // Step 4. Decode bytes using fallback encoding encoding (a BOM wins).
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return host.decodeUtf8(bytes.slice(3).buffer);
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return utf16(bytes.subarray(2), false);
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return utf16(bytes.subarray(2), true);
    if (encoding === 'utf-8') return host.decodeUtf8(bytes.slice().buffer);
    return utf16(bytes, encoding === 'utf-16le');
  }
  // https://encoding.spec.whatwg.org/#shared-utf-16-decoder
  function utf16(bytes, little) {
    let out = '';
    const n = bytes.length - (bytes.length % 2);
    for (let i = 0; i < n; i += 2) out += String.fromCharCode(little ? bytes[i] | (bytes[i + 1] << 8) : (bytes[i] << 8) | bytes[i + 1]);
    // Lone surrogates and an odd last byte are U+FFFD.
    out = out.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
    return bytes.length % 2 ? out + '\ufffd' : out;
  }

  // https://w3c.github.io/FileAPI/#APIASynch
  const readers = new WeakMap();
  const EMPTY = 0, LOADING = 1, DONE = 2;
  class FileReader extends EventTarget {
    constructor() {
      super();
      // state, result, error, and the read in progress (a new object per read).
      readers.set(this, { state: EMPTY, result: null, error: null, read: null });
    }
    get readyState() { return R(this).state; }
    get result() { return R(this).result; }
    get error() { return R(this).error; }
    readAsArrayBuffer(blob) { readOperation(this, blob, 'ArrayBuffer', undefined, 'readAsArrayBuffer'); }
    readAsBinaryString(blob) { readOperation(this, blob, 'BinaryString', undefined, 'readAsBinaryString'); }
    readAsText(blob, encoding = undefined) { readOperation(this, blob, 'Text', encoding === undefined ? undefined : String(encoding), 'readAsText'); }
    readAsDataURL(blob) { readOperation(this, blob, 'DataURL', undefined, 'readAsDataURL'); }
    // https://w3c.github.io/FileAPI/#dfn-abort
    abort() {
      const r = R(this);
      // Step 1. If this's state is "empty" or "done", set this's result to null and terminate.
      if (r.state === EMPTY || r.state === DONE) { r.result = null; return; }
      // Step 2. If this's state is "loading", set it to "done" and this's result to null.
      r.state = DONE;
      r.result = null;
      // Step 3-4. Remove this reader's queued file reading tasks; terminate the read.
      r.read = null;
      // Step 5. Fire a progress event called abort at this.
      fireProgress(this, 'abort', 0, 0);
      // Step 6. If this's state is not "loading", fire a progress event called loadend at this.
      if (r.state !== LOADING) fireProgress(this, 'loadend', 0, 0);
    }
  }
  for (const [k, v] of Object.entries({ EMPTY, LOADING, DONE })) {
    Object.defineProperty(FileReader, k, { value: v, enumerable: true });
    Object.defineProperty(FileReader.prototype, k, { value: v, enumerable: true });
  }
  for (const n of ['onloadstart', 'onprogress', 'onload', 'onabort', 'onerror', 'onloadend']) web.defineEventHandler(FileReader.prototype, n);
  function R(v) {
    const r = readers.get(v);
    if (r === undefined) throw new TypeError('Illegal invocation');
    return r;
  }
  // https://w3c.github.io/FileAPI/#readOperation
  function readOperation(fr, blob, type, encodingName, method) {
    if (!(blob instanceof Blob)) throw new TypeError(`Failed to execute '${method}' on 'FileReader': parameter 1 is not of type 'Blob'.`);
    const r = R(fr);
    // Step 1. If fr's state is "loading", throw an InvalidStateError DOMException.
    if (r.state === LOADING) throw new DOMException(`Failed to execute '${method}' on 'FileReader': The object is already busy reading Blobs.`, 'InvalidStateError');
    // Step 2-4. Set fr's state to "loading", its result and error to null.
    r.state = LOADING;
    r.result = null;
    r.error = null;
    // Step 5-8. The blob's bytes are read as one chunk (a Blob is in memory).
    const bytes = bytesOf.get(blob);
    const read = {};
    r.read = read;
    const origin = web.callerOrigin();
    const task = (label, steps) => host.queueTask('file-reading', `FileReader ${label}`, () => { if (r.read === read) steps(); }, origin);
    // Step 10.2. The first chunk: queue a task to fire loadstart.
    task('loadstart', () => fireProgress(fr, 'loadstart', 0, bytes.length));
    // Step 10.4.3. Bytes were read: queue a task to fire progress.
    if (bytes.length > 0) task('progress', () => fireProgress(fr, 'progress', bytes.length, bytes.length));
    // Step 10.5. The end: queue a task to set state "done" and the result, and fire load and loadend.
    task('load', () => {
      r.state = DONE;
      r.read = null;
      r.result = packageData(bytes, type, typeOf.get(blob), encodingName);
      fireProgress(fr, 'load', bytes.length, bytes.length);
      // Step 10.5.5. If fr's state is not "loading", fire loadend (a load
      // listener may have started another read).
      if (r.state !== LOADING) fireProgress(fr, 'loadend', bytes.length, bytes.length);
    });
  }
  // https://w3c.github.io/FileAPI/#FileReaderSync (workers only)
  class FileReaderSync {
    readAsArrayBuffer(blob) { return readSync(blob, 'ArrayBuffer', undefined, 'readAsArrayBuffer'); }
    readAsBinaryString(blob) { return readSync(blob, 'BinaryString', undefined, 'readAsBinaryString'); }
    readAsText(blob, encoding = undefined) { return readSync(blob, 'Text', encoding === undefined ? undefined : String(encoding), 'readAsText'); }
    readAsDataURL(blob) { return readSync(blob, 'DataURL', undefined, 'readAsDataURL'); }
  }
  function readSync(blob, type, encodingName, method) {
    if (!(blob instanceof Blob)) throw new TypeError(`Failed to execute '${method}' on 'FileReaderSync': parameter 1 is not of type 'Blob'.`);
    // Step 1-5. Read all of blob's bytes; return package data of them.
    return packageData(bytesOf.get(blob), type, typeOf.get(blob), encodingName);
  }
  define(g, { ProgressEvent, FileReader });
  if (host.isWorker) define(g, { FileReaderSync });

  function makeBlob(bytes, type) {
    making = { bytes, type };
    try { return new Blob(); } finally { making = null; }
  }
  function makeFile(bytes, type, name, lastModified) {
    making = { bytes, type, name, lastModified };
    try { return new File([], ''); } finally { making = null; }
  }
  define(g, { Blob, File, FileList });

  // Structured clone: Blob and File are serializable
  // (https://w3c.github.io/FileAPI/#blob-section, [Serializable]).
  const blobHooks = {
    isBlob: (v) => v instanceof Blob,
    // [bytes (an ArrayBuffer of their own), type, file fields or null]
    parts: (v) => [bytesOf.get(v).slice().buffer, typeOf.get(v), v instanceof File ? [fileState.get(v).name, fileState.get(v).lastModified] : null],
    make: (buffer, type, file) => (file ? makeFile(new Uint8Array(buffer), type, file[0], file[1]) : makeBlob(new Uint8Array(buffer), type)),
    // FileList is serializable too: its Files, each serialized.
    isFileList: (v) => fileLists.has(v),
    files: (v) => L(v).slice(),
    makeFileList,
    clone: (v) => (v instanceof File ? makeFile(bytesOf.get(v), typeOf.get(v), fileState.get(v).name, fileState.get(v).lastModified) : makeBlob(bytesOf.get(v), typeOf.get(v))),
  };
  return { blobHooks, connectSerializer: (ser) => ser.setBlobHooks(blobHooks) };
})

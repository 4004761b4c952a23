// jsloop node glue: the `zlib` module's convenience functions
// (https://nodejs.org/api/zlib.html#convenience-methods): deflate, inflate,
// gzip, gunzip, deflateRaw, inflateRaw, unzip, brotliCompress and
// brotliDecompress, each as FUNCTION(buffer[, options], callback) — work on
// the thread pool, the callback in the poll phase — and FUNCTIONSync; and
// crc32; and the stream classes (createGzip(), …). The work is the host's
// (crates/jsloop-runtime/src/node/zlib.rs: flate2, brotli, crc32fast). Not
// here yet: flush(), params(), dictionaries, windowBits, memLevel, strategy,
// zstd.
(function (internals) {
  'use strict';
  const host = internals.host.zlib;
  const { Buffer } = internals.require('buffer');
  const { invalidArgType, outOfRange, validateFunction } = internals;

  const toBuffer = (u8) => Buffer.from(u8.buffer, u8.byteOffset, u8.length);
  // Node's zlibBufferSync: a string (UTF-8), an ArrayBuffer, a Buffer,
  // TypedArray or DataView.
  function inputBytes(buffer) {
    if (typeof buffer === 'string') return Buffer.from(buffer);
    if (ArrayBuffer.isView(buffer)) return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
    if (buffer instanceof ArrayBuffer) return new Uint8Array(buffer);
    throw invalidArgType('buffer', ['string', 'Buffer', 'TypedArray', 'DataView', 'ArrayBuffer'], buffer);
  }
  // The compression level: options.level for zlib, options.params
  // [BROTLI_PARAM_QUALITY] for Brotli; -1 is the default.
  function levelOf(options, brotli) {
    if (options === undefined || options === null) return -1;
    if (typeof options !== 'object') throw invalidArgType('options', 'Object', options);
    if (brotli) {
      const q = options.params && options.params[1];
      if (q === undefined) return -1;
      if (typeof q !== 'number' || q < 0 || q > 11) throw outOfRange('options.params[key]', '>= 0 && <= 11', q);
      return q;
    }
    const level = options.level;
    if (level === undefined) return -1;
    if (typeof level !== 'number') throw invalidArgType('options.level', 'number', level);
    if (!Number.isInteger(level) || level < -1 || level > 9) throw outOfRange('options.level', '>= -1 and <= 9', level);
    return level;
  }

  const exports = {};
  const OPS = ['deflate', 'inflate', 'gzip', 'gunzip', 'deflateRaw', 'inflateRaw', 'unzip', 'brotliCompress', 'brotliDecompress'];
  for (const op of OPS) {
    const brotli = op.startsWith('brotli');
    exports[`${op}Sync`] = {
      [`${op}Sync`](buffer, options) {
        return toBuffer(host.runSync(op, inputBytes(buffer), levelOf(options, brotli)));
      },
    }[`${op}Sync`];
    exports[op] = {
      [op](buffer, options, callback) {
        if (typeof options === 'function') { callback = options; options = {}; }
        validateFunction(callback, 'callback');
        const bytes = inputBytes(buffer);
        host.runAsync(op, bytes, levelOf(options, brotli), (err, out) => (err ? callback(err) : callback(null, toBuffer(out))));
      },
    }[op];
  }
  // ---------------------------------------------------------------- streams
  // https://nodejs.org/api/zlib.html#class-zlibzlibbase: a Transform whose
  // every chunk is a thread-pool request (its output pushed when the request
  // completes, in the poll phase); end() writes the format's trailer.
  let Transform = null;
  const CLASSES = { Deflate: 'deflate', Inflate: 'inflate', Gzip: 'gzip', Gunzip: 'gunzip', DeflateRaw: 'deflateRaw', InflateRaw: 'inflateRaw', Unzip: 'unzip', BrotliCompress: 'brotliCompress', BrotliDecompress: 'brotliDecompress' };
  const EMPTY = new Uint8Array(0);
  const made = {};
  function classes() {
    if (Transform) return made;
    Transform = internals.require('stream').Transform;
    class ZlibBase extends Transform {
      constructor(op, options) {
        if (options !== undefined && options !== null && typeof options !== 'object') throw invalidArgType('options', 'Object', options);
        const chunkSize = options && options.chunkSize !== undefined ? options.chunkSize : 16 * 1024;
        super({ ...(options || {}), readableHighWaterMark: chunkSize, writableHighWaterMark: chunkSize });
        // rejectGarbageAfterEnd: a decompressor that ends with its
        // compressed stream (bytes after it: ERR_TRAILING_JUNK_AFTER_STREAM_END).
        this._op = options?.rejectGarbageAfterEnd && (op === 'inflate' || op === 'inflateRaw' || op === 'gunzip') ? `${op}Strict` : op;
        this._level = levelOf(options, op.startsWith('brotli'));
        this._id = null;
        this.bytesWritten = 0;
      }
      // unzip: gzip or zlib, decided by the first bytes written.
      _coder(first) {
        if (this._id === null) {
          let op = this._op;
          if (op === 'unzip') op = first && first.length >= 2 && first[0] === 0x1f && first[1] === 0x8b ? 'gunzip' : 'inflate';
          this._id = host.streamNew(op, this._level);
        }
        return this._id;
      }
      _run(chunk, last, callback) {
        const id = this._coder(chunk);
        host.streamWrite(id, chunk, last, (err, out) => {
          if (err) return callback(err);
          // Counted once the chunk is through, as Node counts it.
          this.bytesWritten += chunk.length;
          if (out.length) this.push(toBuffer(out));
          callback();
        });
      }
      _transform(chunk, encoding, callback) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
        this._run(bytes, false, callback);
      }
      _flush(callback) {
        this._run(EMPTY, true, callback);
      }
      _destroy(err, callback) {
        if (this._id !== null) host.streamClose(this._id);
        callback(err);
      }
      close(callback) {
        if (callback) internals.require('stream').finished(this, () => callback());
        this.destroy();
      }
    }
    for (const [name, op] of Object.entries(CLASSES)) {
      made[name] = { [name]: class extends ZlibBase { constructor(options) { super(op, options); } } }[name];
    }
    return made;
  }
  for (const name of Object.keys(CLASSES)) {
    // zlib.Gzip and zlib.createGzip(options), made when first used.
    Object.defineProperty(exports, name, { enumerable: true, configurable: true, get: () => classes()[name] });
    exports[`create${name}`] = { [`create${name}`](options) { return new (classes()[name])(options); } }[`create${name}`];
  }

  // crc32(data[, value]): CRC-32 of data, continuing from value.
  exports.crc32 = function crc32(data, value = 0) {
    if (typeof data !== 'string' && !ArrayBuffer.isView(data)) throw invalidArgType('data', ['Buffer', 'TypedArray', 'DataView', 'string'], data);
    if (typeof value !== 'number') throw invalidArgType('value', 'number', value);
    return host.crc32(inputBytes(data), value);
  };
  // zlib.constants: the values of zlib.h and Brotli's encode.h/decode.h
  // that Node exposes.
  const constants = {
    Z_NO_FLUSH: 0, Z_PARTIAL_FLUSH: 1, Z_SYNC_FLUSH: 2, Z_FULL_FLUSH: 3, Z_FINISH: 4, Z_BLOCK: 5,
    Z_OK: 0, Z_STREAM_END: 1, Z_NEED_DICT: 2, Z_ERRNO: -1, Z_STREAM_ERROR: -2, Z_DATA_ERROR: -3,
    Z_MEM_ERROR: -4, Z_BUF_ERROR: -5, Z_VERSION_ERROR: -6,
    Z_NO_COMPRESSION: 0, Z_BEST_SPEED: 1, Z_BEST_COMPRESSION: 9, Z_DEFAULT_COMPRESSION: -1,
    Z_FILTERED: 1, Z_HUFFMAN_ONLY: 2, Z_RLE: 3, Z_FIXED: 4, Z_DEFAULT_STRATEGY: 0,
    DEFLATE: 1, INFLATE: 2, GZIP: 3, GUNZIP: 4, DEFLATERAW: 5, INFLATERAW: 6, UNZIP: 7,
    BROTLI_DECODE: 8, BROTLI_ENCODE: 9,
    Z_MIN_WINDOWBITS: 8, Z_MAX_WINDOWBITS: 15, Z_DEFAULT_WINDOWBITS: 15,
    Z_MIN_CHUNK: 64, Z_MAX_CHUNK: Infinity, Z_DEFAULT_CHUNK: 16384,
    Z_MIN_MEMLEVEL: 1, Z_MAX_MEMLEVEL: 9, Z_DEFAULT_MEMLEVEL: 8,
    Z_MIN_LEVEL: -1, Z_MAX_LEVEL: 9, Z_DEFAULT_LEVEL: -1,
    BROTLI_OPERATION_PROCESS: 0, BROTLI_OPERATION_FLUSH: 1, BROTLI_OPERATION_FINISH: 2, BROTLI_OPERATION_EMIT_METADATA: 3,
    BROTLI_PARAM_MODE: 0, BROTLI_MODE_GENERIC: 0, BROTLI_MODE_TEXT: 1, BROTLI_MODE_FONT: 2, BROTLI_DEFAULT_MODE: 0,
    BROTLI_PARAM_QUALITY: 1, BROTLI_MIN_QUALITY: 0, BROTLI_MAX_QUALITY: 11, BROTLI_DEFAULT_QUALITY: 11,
    BROTLI_PARAM_LGWIN: 2, BROTLI_MIN_WINDOW_BITS: 10, BROTLI_MAX_WINDOW_BITS: 24, BROTLI_LARGE_MAX_WINDOW_BITS: 30, BROTLI_DEFAULT_WINDOW: 22,
    BROTLI_PARAM_LGBLOCK: 3, BROTLI_MIN_INPUT_BLOCK_BITS: 16, BROTLI_MAX_INPUT_BLOCK_BITS: 24,
    BROTLI_PARAM_SIZE_HINT: 5,
  };
  exports.constants = Object.freeze(constants);
  // The codes, both ways (zlib.codes.Z_DATA_ERROR === -3, zlib.codes['-3'] === 'Z_DATA_ERROR').
  const codes = { Z_OK: 0, Z_STREAM_END: 1, Z_NEED_DICT: 2, Z_ERRNO: -1, Z_STREAM_ERROR: -2, Z_DATA_ERROR: -3, Z_MEM_ERROR: -4, Z_BUF_ERROR: -5, Z_VERSION_ERROR: -6 };
  for (const k of Object.keys(codes)) codes[codes[k]] = k;
  exports.codes = Object.freeze(codes);
  for (const k of Object.keys(constants)) if (k.startsWith('Z_')) Object.defineProperty(exports, k, { value: constants[k], enumerable: true });
  return exports;
})

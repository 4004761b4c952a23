// jsloop glue 41: Node's Buffer (the common parts), on Uint8Array.
// UTF-8 conversion is the host's (Rust).
(function (host) {
  'use strict';
  const HEX = '0123456789abcdef';
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  // Node's errors and validators, handed over by the node glue (40) once it
  // has them (setInternals); Buffer throws nothing before that.
  let E = null;
  const kMaxLength = Number.MAX_SAFE_INTEGER;
  function validateOffset(value, name = 'offset') {
    if (typeof value !== 'number') throw E.invalidArgType(name, 'number', value);
  }
  // Node's boundsError (lib/internal/buffer.js).
  function boundsError(value, length, type) {
    if (Math.floor(value) !== value) {
      if (typeof value !== 'number') throw E.invalidArgType(type, 'number', value);
      throw E.outOfRange(type || 'offset', 'an integer', value);
    }
    if (length < 0) throw E.nodeError(RangeError, 'ERR_BUFFER_OUT_OF_BOUNDS', 'Attempt to access memory outside buffer bounds');
    throw E.outOfRange(type || 'offset', `>= ${type ? 1 : 0} and <= ${length}`, value);
  }
  function checkRead(buf, offset, bytes) {
    validateOffset(offset);
    if (buf[offset] === undefined || buf[offset + bytes - 1] === undefined) boundsError(offset, buf.length - bytes);
  }
  function normalizeEncoding(enc) {
    // (The names as the glue and most programs spell them need no lowering.)
    if (enc === 'utf8' || enc === 'latin1' || enc === undefined) return enc === undefined ? 'utf8' : enc;
    const e = String(enc === undefined ? 'utf8' : enc).toLowerCase();
    if (e === 'utf8' || e === 'utf-8') return 'utf8';
    if (e === 'hex' || e === 'base64' || e === 'latin1' || e === 'binary' || e === 'ascii' || e === 'base64url') return e === 'binary' ? 'latin1' : e;
    if (e === 'ucs2' || e === 'ucs-2' || e === 'utf16le' || e === 'utf-16le') return 'utf16le';
    throw E.nodeError(TypeError, 'ERR_UNKNOWN_ENCODING', `Unknown encoding: ${enc}`);
  }
  function encode(string, enc) {
    switch (normalizeEncoding(enc)) {
      case 'utf8': return new Uint8Array(host.utf8Encode(String(string).toWellFormed()));
      case 'hex': {
        const out = new Uint8Array(Math.floor(string.length / 2));
        for (let i = 0; i < out.length; i++) {
          const v = parseInt(string.substr(i * 2, 2), 16);
          if (Number.isNaN(v)) return out.subarray(0, i);
          out[i] = v;
        }
        return out;
      }
      case 'base64': case 'base64url': {
        const s = String(string).replace(/[-_]/g, (c) => (c === '-' ? '+' : '/')).replace(/[^A-Za-z0-9+/]/g, '');
        const out = [];
        let bits = 0, acc = 0;
        for (const c of s) {
          acc = (acc << 6) | B64.indexOf(c);
          bits += 6;
          if (bits >= 8) { bits -= 8; out.push((acc >> bits) & 0xff); }
        }
        return new Uint8Array(out);
      }
      case 'latin1': case 'ascii': {
        const str = String(string);
        if (str.isWellFormed()) return new Uint8Array(host.latin1Encode(str));
        const out = new Uint8Array(str.length);
        for (let i = 0; i < str.length; i++) out[i] = str.charCodeAt(i) & 0xff;
        return out;
      }
      case 'utf16le': {
        const out = new Uint8Array(string.length * 2);
        for (let i = 0; i < string.length; i++) { const c = string.charCodeAt(i); out[i * 2] = c & 0xff; out[i * 2 + 1] = c >> 8; }
        return out;
      }
    }
  }
  // The string of these char codes, made a slice at a time (not one
  // concatenation per byte).
  function fromCharCodes(codes) {
    let s = '';
    for (let i = 0; i < codes.length; i += 8192) s += String.fromCharCode.apply(null, codes.subarray(i, i + 8192));
    return s;
  }
  // Node's StringBytes::Encode (src/string_bytes.cc) makes no string
  // longer than V8's String::kMaxLength (buffer.constants.MAX_STRING_LENGTH):
  // ERR_STRING_TOO_LONG, before decoding where the length is known from the
  // bytes, after it for UTF-8.
  function tooLong(length) {
    if (length > kStringMaxLength) {
      throw E.nodeError(Error, 'ERR_STRING_TOO_LONG', `Cannot create a string longer than 0x${kStringMaxLength.toString(16)} characters`);
    }
  }
  function decodedLength(n, enc) {
    switch (enc) {
      case 'hex': return 2 * n;
      case 'base64': return Math.ceil(n / 3) * 4;
      case 'base64url': return Math.ceil((4 * n) / 3);
      case 'utf16le': return Math.floor(n / 2);
      default: return n;
    }
  }
  function decode(bytes, enc) {
    const e = normalizeEncoding(enc);
    // (Only a buffer over a quarter of the limit can reach it.)
    if (bytes.length > kStringMaxLength / 4) {
      tooLong(decodedLength(bytes.length, e));
      if (e === 'utf8') {
        const s = host.utf8Decode(bytes);
        tooLong(s.length);
        return s;
      }
    }
    switch (e) {
      case 'utf8': return host.utf8Decode(bytes);
      case 'hex': { let s = ''; for (const b of bytes) s += HEX[b >> 4] + HEX[b & 15]; return s; }
      case 'base64': case 'base64url': {
        let s = '';
        for (let i = 0; i < bytes.length; i += 3) {
          const n = (bytes[i] << 16) | ((bytes[i + 1] || 0) << 8) | (bytes[i + 2] || 0);
          s += B64[(n >> 18) & 63] + B64[(n >> 12) & 63] + (i + 1 < bytes.length ? B64[(n >> 6) & 63] : '=') + (i + 2 < bytes.length ? B64[n & 63] : '=');
        }
        return enc === 'base64url' ? s.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_') : s;
      }
      case 'latin1': return host.latin1Decode(bytes);
      case 'ascii': return fromCharCodes(bytes.some((b) => b > 0x7f) ? bytes.map((b) => b & 0x7f) : bytes);
      case 'utf16le': { let s = ''; for (let i = 0; i + 1 < bytes.length; i += 2) s += String.fromCharCode(bytes[i] | (bytes[i + 1] << 8)); return s; }
    }
  }
  // Node's Buffer is a function (callable without `new`, deprecated: DEP0005)
  // whose prototype is FastBuffer's, a Uint8Array subclass
  // (https://nodejs.org/api/buffer.html#class-buffer).
  class FastBuffer extends Uint8Array {
    // (A constructor of its own: Uint8Array's takes the same arguments.)
    constructor(bufferOrLength, byteOffset, length) { super(bufferOrLength, byteOffset, length); }
  }
  let deprecationShown = false;
  // Node's isInsideNodeModules: whether the first frame of the program's
  // own code (below the built-ins) is in a node_modules directory.
  function isInsideNodeModules() {
    // (The program's Error.prepareStackTrace is not asked.)
    const prepare = Error.prepareStackTrace;
    let stack;
    try {
      Error.prepareStackTrace = undefined;
      stack = new Error().stack;
    } finally {
      Error.prepareStackTrace = prepare;
    }
    const frames = String(stack).split('\n').filter((l) => /^\s+at /.test(l));
    for (const frame of frames) {
      const where = /\(?([^\s()]+):\d+:\d+\)?\s*$/.exec(frame);
      if (!where || where[1].startsWith('jsloop:')) continue;
      return /[\\/]node_modules[\\/]/.test(where[1]);
    }
    // No frame of the program's (QuickJS gives none to an error made while
    // a stack is being prepared): the warning is given.
    return false;
  }
  // --pending-deprecation (a flag or NODE_PENDING_DEPRECATION=1) warns for
  // code in node_modules too.
  const pendingDeprecation = () => {
    const p = globalThis.process;
    return !!p && ((Array.isArray(p.execArgv) && p.execArgv.includes('--pending-deprecation')) || (p.env && p.env.NODE_PENDING_DEPRECATION === '1'));
  };
  function Buffer(arg, encodingOrOffset, length) {
    if (!deprecationShown && (pendingDeprecation() || !isInsideNodeModules())) {
      deprecationShown = true;
      E.emitWarning('Buffer() is deprecated due to security and usability issues. Please use the Buffer.alloc(), Buffer.allocUnsafe(), or Buffer.from() methods instead.', 'DeprecationWarning', 'DEP0005');
    }
    if (typeof arg === 'number') {
      if (typeof encodingOrOffset === 'string') throw E.invalidArgType('string', 'string', arg);
      return Buffer.alloc(arg);
    }
    return Buffer.from(arg, encodingOrOffset, length);
  }
  Object.defineProperty(Buffer, 'prototype', { value: FastBuffer.prototype, writable: false, enumerable: false, configurable: false });
  Object.defineProperty(FastBuffer.prototype, 'constructor', { value: Buffer, writable: true, enumerable: false, configurable: true });
  Object.setPrototypeOf(Buffer, Uint8Array);
  // (map, filter and slice of TypedArray make FastBuffers, without the warning.)
  Object.defineProperty(Buffer, Symbol.species, { get: () => FastBuffer, enumerable: false, configurable: true });
  const P = FastBuffer.prototype;
  const methods = (obj, fns, enumerable = false) => {
    for (const k of Object.keys(fns)) Object.defineProperty(obj, k, { value: fns[k], writable: true, enumerable, configurable: true });
  };
  const isUint8Array = (v) => v instanceof Uint8Array;
  function validateSize(size) {
    if (typeof size !== 'number') throw E.invalidArgType('size', 'number', size);
    if (!(size >= 0 && size <= kMaxLength)) throw E.outOfRange('size', `>= 0 && <= ${kMaxLength}`, size);
  }
  // lib/buffer.js's fromArrayBuffer: offsets coerced as Node does.
  function fromArrayBuffer(obj, byteOffset, length) {
    if (byteOffset === undefined) byteOffset = 0;
    else {
      byteOffset = +byteOffset;
      if (Number.isNaN(byteOffset)) byteOffset = 0;
    }
    const maxLength = obj.byteLength - byteOffset;
    if (maxLength < 0) throw E.nodeError(RangeError, 'ERR_BUFFER_OUT_OF_BOUNDS', '"offset" is outside of buffer bounds');
    // (No length: the Buffer tracks a resizable ArrayBuffer's length, as a
    // typed array made without one does.)
    if (length !== undefined) {
      length = +length;
      if (length > 0) {
        if (length > maxLength) throw E.nodeError(RangeError, 'ERR_BUFFER_OUT_OF_BOUNDS', '"length" is outside of buffer bounds');
      } else length = 0;
    }
    return new FastBuffer(obj, byteOffset, length);
  }
  function fromArrayLike(obj) {
    const n = obj.length >>> 0;
    const b = new FastBuffer(n);
    for (let i = 0; i < n; i++) b[i] = obj[i];
    return b;
  }
  // An ArrayBuffer or SharedArrayBuffer by its brand (from any context; an
  // object that only inherits from ArrayBuffer.prototype is not one).
  const abByteLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength').get;
  const sabByteLength = typeof SharedArrayBuffer === 'function' ? Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, 'byteLength').get : null;
  const hasBrand = (getter, v) => {
    try {
      getter.call(v);
      return true;
    } catch {
      return false;
    }
  };
  const isAnyArrayBuffer = (v) => v !== null && typeof v === 'object' && (hasBrand(abByteLength, v) || (sabByteLength !== null && hasBrand(sabByteLength, v)));
  // A typed array's own length, whatever its `length` property says.
  const typedLength = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'length').get;
  methods(Buffer, {
    from: function from(value, encodingOrOffset, length) {
      if (typeof value === 'string') {
        // lib/buffer.js fromString: an encoding that is not a non-empty string is utf8.
        const enc = typeof encodingOrOffset === 'string' && encodingOrOffset.length > 0 ? encodingOrOffset : 'utf8';
        // (UTF-8, the usual case: one Buffer over the host's bytes.)
        if (enc === 'utf8') return new FastBuffer(host.utf8Encode(value.toWellFormed()));
        return toBuffer(encode(value, enc));
      }
      if (typeof value === 'object' && value !== null) {
        if (isAnyArrayBuffer(value)) return fromArrayBuffer(value, encodingOrOffset, length);
        const valueOf = value.valueOf && value.valueOf();
        if (valueOf != null && valueOf !== value && (typeof valueOf === 'string' || typeof valueOf === 'object')) return Buffer.from(valueOf, encodingOrOffset, length);
        if (ArrayBuffer.isView(value)) return fromArrayLike(value);
        if (value.length !== undefined || isAnyArrayBuffer(value.buffer)) {
          if (typeof value.length !== 'number') return new FastBuffer(0);
          return fromArrayLike(value);
        }
        if (value.type === 'Buffer' && Array.isArray(value.data)) return fromArrayLike(value.data);
        if (typeof value[Symbol.toPrimitive] === 'function') {
          const primitive = value[Symbol.toPrimitive]('string');
          if (typeof primitive === 'string') return toBuffer(encode(primitive, encodingOrOffset));
        }
      }
      throw E.invalidArgType('first argument', ['string', 'Buffer', 'ArrayBuffer', 'Array', 'Array-like Object'], value);
    },
    of(...items) {
      const b = new FastBuffer(items.length);
      for (let i = 0; i < items.length; i++) b[i] = items[i];
      return b;
    },
    copyBytesFrom: function copyBytesFrom(view, offset, length) {
      if (!ArrayBuffer.isView(view) || view instanceof DataView) throw E.invalidArgType('view', ['TypedArray'], view);
      const n = view.length;
      if (n === 0) return new FastBuffer(0);
      if (offset !== undefined || length !== undefined) {
        if (offset !== undefined) { E.validateInteger(offset, 'offset', 0); if (offset >= n) return new FastBuffer(0); } else offset = 0;
        let end;
        if (length !== undefined) { E.validateInteger(length, 'length', 0); end = offset + length; } else end = n;
        view = view.subarray(offset, end);
      }
      const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
      const out = new FastBuffer(bytes.length);
      out.set(bytes);
      return out;
    },
    alloc: function alloc(size, fill, encoding) {
      validateSize(size);
      const b = new FastBuffer(size);
      if (fill !== undefined && fill !== 0 && size > 0) return b.fill(fill, encoding);
      return b;
    },
    allocUnsafe: function allocUnsafe(size) { validateSize(size); return new FastBuffer(size); },
    allocUnsafeSlow: function allocUnsafeSlow(size) { validateSize(size); return new FastBuffer(size); },
    isBuffer: function isBuffer(b) { return b instanceof Buffer; },
    isEncoding: function isEncoding(e) {
      if (typeof e !== 'string' || e.length === 0) return false;
      try { normalizeEncoding(e); return true; } catch (_) { return false; }
    },
    byteLength: function byteLength(s, enc) {
      if (typeof s !== 'string') {
        if (ArrayBuffer.isView(s) || isAnyArrayBuffer(s)) return s.byteLength;
        throw E.invalidArgType('string', ['string', 'Buffer', 'ArrayBuffer'], s);
      }
      let e;
      try { e = normalizeEncoding(enc); } catch (_) { e = 'utf8'; }
      if (e === 'utf16le') return s.length * 2;
      if (e === 'latin1' || e === 'ascii') return s.length;
      if (e === 'utf8') return host.utf8Length(s.toWellFormed());
      return encode(s, e).length;
    },
    concat: function concat(list, total) {
      if (!Array.isArray(list)) throw E.invalidArgType('list', 'Array', list);
      if (list.length === 0) return new FastBuffer(0);
      if (total === undefined) {
        total = 0;
        for (let i = 0; i < list.length; i++) {
          if (isUint8Array(list[i])) total += typedLength.call(list[i]);
          else if (list[i].length) total += list[i].length;
        }
      } else E.validateInteger(total, 'length', 0);
      const out = Buffer.allocUnsafe(total);
      let at = 0;
      for (let i = 0; i < list.length; i++) {
        const b = list[i];
        if (!isUint8Array(b)) throw E.invalidArgType(`list[${i}]`, ['Buffer', 'Uint8Array'], b);
        const len = typedLength.call(b);
        const n = Math.min(len, total - at);
        if (n > 0) out.set(n === len ? b : b.subarray(0, n), at);
        at += Math.max(n, 0);
      }
      if (at < total) out.fill(0, at, total);
      return out;
    },
    compare: function compare(a, b) {
      if (!isUint8Array(a)) throw E.invalidArgType('buf1', ['Buffer', 'Uint8Array'], a);
      if (!isUint8Array(b)) throw E.invalidArgType('buf2', ['Buffer', 'Uint8Array'], b);
      return compareBytes(a, 0, a.length, b, 0, b.length);
    },
  // (Enumerable, as Node assigns them: for-in over Buffer sees them, as safer-buffer expects.)
  }, true);
  Object.defineProperty(Buffer, 'poolSize', { value: 8 * 1024, writable: true, enumerable: true, configurable: true });

  function compareBytes(a, aStart, aEnd, b, bStart, bEnd) {
    const n = Math.min(aEnd - aStart, bEnd - bStart);
    for (let i = 0; i < n; i++) {
      const x = a[aStart + i], y = b[bStart + i];
      if (x !== y) return x < y ? -1 : 1;
    }
    const la = aEnd - aStart, lb = bEnd - bStart;
    return la === lb ? 0 : la < lb ? -1 : 1;
  }
  // subarray's range: numbers coerced, negatives from the end, clamped.
  function adjustOffset(offset, length) {
    offset = Math.trunc(offset);
    if (offset === 0 || Number.isNaN(offset)) return 0;
    if (offset < 0) { offset += length; return offset > 0 ? offset : 0; }
    if (offset < length) return offset;
    return length;
  }
  // indexOf and lastIndexOf (Node's bidirectionalIndexOf).
  const isUtf16 = (encoding) => {
    try {
      return encoding !== undefined && normalizeEncoding(encoding) === 'utf16le';
    } catch {
      return false;
    }
  };
  // src/node_buffer.cc IndexOfString/IndexOfBuffer for UCS-2: a search in
  // 16-bit units (none when either side is shorter than one unit).
  function indexOfUtf16(buf, needle, byteOffset, dir) {
    const n = buf.length, m = needle.length;
    if (n < 2 || m < 2) return -1;
    const units = n >> 1, needleUnits = m >> 1;
    if (byteOffset < 0) byteOffset += n;
    let from = Math.floor(byteOffset / 2);
    const same = (u) => {
      for (let j = 0; j < needleUnits * 2; j++) if (buf[u * 2 + j] !== needle[j]) return false;
      return true;
    };
    if (dir) {
      if (from < 0) from = 0;
      for (let u = from; u <= units - needleUnits; u++) if (same(u)) return u * 2;
      return -1;
    }
    if (from < 0) return -1;
    for (let u = Math.min(from, units - needleUnits); u >= 0; u--) if (same(u)) return u * 2;
    return -1;
  }
  function indexOfImpl(buf, val, byteOffset, encoding, dir) {
    // (lib/buffer.js's bidirectionalIndexOf: validateBuffer.)
    if (!ArrayBuffer.isView(buf)) throw E.invalidArgType('buffer', ['Buffer', 'TypedArray', 'DataView'], buf);
    if (!isUint8Array(val) && typeof val !== 'number' && typeof val !== 'string') {
      throw E.invalidArgType('value', ['number', 'string', 'Buffer', 'Uint8Array'], val);
    }
    if (typeof byteOffset === 'string') { encoding = byteOffset; byteOffset = undefined; } else if (byteOffset > 0x7fffffff) byteOffset = 0x7fffffff;
    else if (byteOffset < -0x80000000) byteOffset = -0x80000000;
    byteOffset = +byteOffset;
    if (Number.isNaN(byteOffset)) byteOffset = dir ? 0 : buf.length;
    byteOffset = Math.trunc(byteOffset);
    let needle;
    if (typeof val === 'number') needle = new Uint8Array([(val >>> 0) & 0xff]);
    else if (typeof val === 'string') needle = encode(val, encoding);
    else needle = val;
    const n = buf.length, m = needle.length;
    if (typeof val !== 'number' && isUtf16(encoding)) return indexOfUtf16(buf, needle, byteOffset, dir);
    if (byteOffset < 0) byteOffset += n;
    // Bytes in bytes: the host's search (memchr's), as Node's C++ searches.
    const native = m > 0 && isUint8Array(buf) && isUint8Array(needle);
    if (dir) {
      if (byteOffset < 0) byteOffset = 0;
      if (m === 0) return byteOffset <= n ? byteOffset : n;
      if (native) return host.bytesIndexOf(buf, needle, byteOffset, true);
      for (let i = byteOffset; i <= n - m; i++) {
        let j = 0;
        while (j < m && buf[i + j] === needle[j]) j++;
        if (j === m) return i;
      }
      return -1;
    }
    // (src/node_buffer.cc IndexOfOffset: an empty needle from before the
    // start is found at 0, as String#lastIndexOf finds it.)
    if (m === 0) return byteOffset < 0 ? 0 : Math.min(byteOffset, n);
    if (byteOffset < 0) return -1;
    if (native) return host.bytesIndexOf(buf, needle, byteOffset, false);
    for (let i = Math.min(byteOffset, n - m); i >= 0; i--) {
      let j = 0;
      while (j < m && buf[i + j] === needle[j]) j++;
      if (j === m) return i;
    }
    return -1;
  }

  // ------------------------------------------------ reads and writes
  // (lib/internal/buffer.js: the same checks, the same errors.)
  function checkBounds(buf, offset, byteLength) {
    validateOffset(offset);
    if (buf[offset] === undefined || buf[offset + byteLength] === undefined) boundsError(offset, buf.length - (byteLength + 1));
  }
  function checkInt(value, min, max, buf, offset, byteLength) {
    if (value > max || value < min) {
      const n = typeof min === 'bigint' ? 'n' : '';
      let range;
      if (byteLength > 3) {
        if (min === 0 || min === 0n) range = `>= 0${n} and < 2${n} ** ${(byteLength + 1) * 8}${n}`;
        else range = `>= -(2${n} ** ${(byteLength + 1) * 8 - 1}${n}) and < 2 ** ${(byteLength + 1) * 8 - 1}${n}`;
      } else range = `>= ${min}${n} and <= ${max}${n}`;
      throw E.outOfRange('value', range, value);
    }
    checkBounds(buf, offset, byteLength);
  }
  const view = (b) => new DataView(b.buffer, b.byteOffset, b.byteLength);
  // The unsigned integer of `bytes` bytes at `offset`.
  function readUnsigned(buf, offset, bytes, le) {
    validateOffset(offset);
    if (buf[offset] === undefined || buf[offset + bytes - 1] === undefined) boundsError(offset, buf.length - bytes);
    let v = 0;
    for (let i = 0; i < bytes; i++) v = v * 256 + buf[offset + (le ? bytes - 1 - i : i)];
    return v;
  }
  function readSigned(buf, offset, bytes, le) {
    const v = readUnsigned(buf, offset, bytes, le);
    const limit = 2 ** (bytes * 8 - 1);
    return v >= limit ? v - limit * 2 : v;
  }
  function writeInteger(buf, value, offset, bytes, le, min, max) {
    value = +value;
    if (bytes === 1) {
      validateOffset(offset);
      if (value > max || value < min) throw E.outOfRange('value', `>= ${min} and <= ${max}`, value);
      if (buf[offset] === undefined) boundsError(offset, buf.length - 1);
    } else checkInt(value, min, max, buf, offset, bytes - 1);
    let v = Math.trunc(value) || 0;
    if (v < 0) v += 2 ** (bytes * 8);
    for (let i = 0; i < bytes; i++) {
      buf[offset + (le ? i : bytes - 1 - i)] = v % 256;
      v = Math.floor(v / 256);
    }
    return offset + bytes;
  }
  function byVariableLength(fn, byteLength) {
    if (byteLength === undefined) throw E.invalidArgType('byteLength', 'number', byteLength);
    if (byteLength >= 1 && byteLength <= 6 && Number.isInteger(byteLength)) return fn(byteLength);
    boundsError(byteLength, 6, 'byteLength');
  }
  const rw = {};
  for (const [bits, bytes] of [[8, 1], [16, 2], [32, 4]]) {
    for (const end of bytes === 1 ? [''] : ['LE', 'BE']) {
      const le = end !== 'BE';
      const umax = 2 ** bits - 1, smax = 2 ** (bits - 1) - 1, smin = -(2 ** (bits - 1));
      rw[`readUInt${bits}${end}`] = function (offset = 0) { return readUnsigned(this, offset, bytes, le); };
      rw[`readInt${bits}${end}`] = function (offset = 0) { return readSigned(this, offset, bytes, le); };
      rw[`writeUInt${bits}${end}`] = function (value, offset = 0) { return writeInteger(this, value, offset, bytes, le, 0, umax); };
      rw[`writeInt${bits}${end}`] = function (value, offset = 0) { return writeInteger(this, value, offset, bytes, le, smin, smax); };
    }
  }
  for (const end of ['LE', 'BE']) {
    const le = end === 'LE';
    rw[`readUInt${end}`] = function (offset, byteLength) { return byVariableLength((n) => readUnsigned(this, offset, n, le), byteLength); };
    rw[`readInt${end}`] = function (offset, byteLength) { return byVariableLength((n) => readSigned(this, offset, n, le), byteLength); };
    rw[`writeUInt${end}`] = function (value, offset, byteLength) { return byVariableLength((n) => writeInteger(this, value, offset, n, le, 0, 2 ** (8 * n) - 1), byteLength); };
    rw[`writeInt${end}`] = function (value, offset, byteLength) { return byVariableLength((n) => writeInteger(this, value, offset, n, le, -(2 ** (8 * n - 1)), 2 ** (8 * n - 1) - 1), byteLength); };
    for (const [name, bytes, get, set] of [['Float', 4, 'getFloat32', 'setFloat32'], ['Double', 8, 'getFloat64', 'setFloat64']]) {
      rw[`read${name}${end}`] = function (offset = 0) {
        validateOffset(offset);
        if (this[offset] === undefined || this[offset + bytes - 1] === undefined) boundsError(offset, this.length - bytes);
        return view(this)[get](offset, le);
      };
      rw[`write${name}${end}`] = function (value, offset = 0) {
        value = +value;
        checkBounds(this, offset, bytes - 1);
        view(this)[set](offset, value, le);
        return offset + bytes;
      };
    }
    for (const [name, get, set, min, max] of [['BigUInt64', 'getBigUint64', 'setBigUint64', 0n, 2n ** 64n - 1n], ['BigInt64', 'getBigInt64', 'setBigInt64', -(2n ** 63n), 2n ** 63n - 1n]]) {
      rw[`read${name}${end}`] = function (offset = 0) {
        validateOffset(offset);
        if (this[offset] === undefined || this[offset + 7] === undefined) boundsError(offset, this.length - 8);
        return view(this)[get](offset, le);
      };
      rw[`write${name}${end}`] = function (value, offset = 0) {
        if (typeof value !== 'bigint') throw new TypeError('Cannot mix BigInt and other types, use explicit conversions');
        checkInt(value, min, max, this, offset, 7);
        view(this)[set](offset, BigInt(value), le);
        return offset + 8;
      };
    }
  }
  // The per-encoding slices and writes (lib/internal/buffer.js, and the
  // bindings of src/node_buffer.cc behind them).
  const outOfBounds = (name) => E.nodeError(RangeError, 'ERR_BUFFER_OUT_OF_BOUNDS', name ? `"${name}" is outside of buffer bounds` : 'Attempt to access memory outside buffer bounds');
  const indexOutOfRange = () => E.nodeError(RangeError, 'ERR_OUT_OF_RANGE', 'Index out of range');
  for (const [prefix, encoding] of [['ascii', 'ascii'], ['base64', 'base64'], ['base64url', 'base64url'], ['latin1', 'latin1'], ['hex', 'hex'], ['ucs2', 'utf16le'], ['utf8', 'utf8']]) {
    rw[`${prefix}Slice`] = function (start, end) {
      const len = this.length;
      start = start === undefined ? 0 : Math.trunc(+start) || 0;
      end = end === undefined ? len : Math.trunc(+end) || 0;
      if (start < 0 || end < 0) throw indexOutOfRange();
      if (end < start) end = start;
      if (end > len) throw indexOutOfRange();
      return this.toString(encoding, start, end);
    };
    rw[`${prefix}Write`] = function (string, offset = 0, length = this.byteLength - offset) {
      if (offset < 0 || offset > this.byteLength) throw outOfBounds('offset');
      if (length < 0 || length > this.byteLength - offset) throw outOfBounds('length');
      return this.write(string, offset, length, encoding);
    };
  }
  // The lowercase spellings are the same functions (readUint8 …).
  for (const k of Object.keys(rw)) {
    if (k.includes('UInt')) rw[k.replace('UInt', 'Uint')] = rw[k];
  }
  methods(P, rw);

  function swap(buf, size, bits) {
    if (buf.length % size !== 0) throw E.nodeError(RangeError, 'ERR_INVALID_BUFFER_SIZE', `Buffer size must be a multiple of ${bits}-bits`);
    for (let i = 0; i < buf.length; i += size) {
      for (let a = i, b = i + size - 1; a < b; a++, b--) { const t = buf[a]; buf[a] = buf[b]; buf[b] = t; }
    }
    return buf;
  }
  function toInteger(n, dflt) {
    n = +n;
    if (!Number.isNaN(n) && n >= Number.MIN_SAFE_INTEGER && n <= Number.MAX_SAFE_INTEGER) return n % 1 === 0 ? n : Math.floor(n);
    return dflt;
  }
  function writeBytes(buf, bytes, offset, length) {
    const n = Math.min(bytes.length, length, buf.length - offset);
    if (n > 0) buf.set(n === bytes.length ? bytes : bytes.subarray(0, n), offset);
    return Math.max(n, 0);
  }

  methods(P, {
    toString(encoding, start, end) {
      // (No arguments: the whole buffer as UTF-8, as undefined ones give;
      // `arguments` would make an object per call.)
      // (The whole buffer in latin1 as a StringDecoder or setEncoding reads
      // it: the decode the steps below come to, without them.)
      if (start === undefined && end === undefined && this.length <= kStringMaxLength) {
        if (encoding === undefined) return host.utf8Decode(this);
        if (encoding === 'latin1') return host.latin1Decode(this);
      }
      const len = this.length;
      if (start <= 0) start = 0;
      else if (start >= len) return '';
      else start = Math.trunc(start) || 0;
      if (end === undefined || end > len) end = len;
      else end = Math.trunc(end) || 0;
      if (end <= start) return '';
      const bytes = start === 0 && end === len ? this : this.subarray(start, end);
      if (encoding === undefined && bytes.length <= kStringMaxLength) return host.utf8Decode(bytes);
      return decode(bytes, encoding);
    },
    toJSON() { return { type: 'Buffer', data: Array.from(this) }; },
    equals(other) {
      if (!isUint8Array(other)) throw E.invalidArgType('otherBuffer', ['Buffer', 'Uint8Array'], other);
      if (this === other) return true;
      if (this.byteLength !== other.byteLength) return false;
      return compareBytes(this, 0, this.length, other, 0, other.length) === 0;
    },
    compare(target, targetStart, targetEnd, sourceStart, sourceEnd) {
      if (!isUint8Array(target)) throw E.invalidArgType('target', ['Buffer', 'Uint8Array'], target);
      if (arguments.length === 1) return compareBytes(this, 0, this.length, target, 0, target.length);
      if (targetStart === undefined) targetStart = 0; else E.validateInteger(targetStart, 'targetStart', 0);
      if (targetEnd === undefined) targetEnd = target.length; else E.validateInteger(targetEnd, 'targetEnd', 0, target.length);
      if (sourceStart === undefined) sourceStart = 0; else E.validateInteger(sourceStart, 'sourceStart', 0);
      if (sourceEnd === undefined) sourceEnd = this.length; else E.validateInteger(sourceEnd, 'sourceEnd', 0, this.length);
      if (sourceStart >= sourceEnd) return targetStart >= targetEnd ? 0 : -1;
      if (targetStart >= targetEnd) return 1;
      return compareBytes(this, sourceStart, sourceEnd, target, targetStart, targetEnd);
    },
    copy(target, targetStart, sourceStart, sourceEnd) {
      if (!ArrayBuffer.isView(target)) throw E.invalidArgType('target', ['Buffer', 'Uint8Array'], target);
      // Any view: its bytes are the target.
      if (!isUint8Array(target)) target = new Uint8Array(target.buffer, target.byteOffset, target.byteLength);
      targetStart = toInteger(targetStart, 0);
      if (targetStart < 0) throw E.outOfRange('targetStart', '>= 0', targetStart);
      sourceStart = toInteger(sourceStart, 0);
      if (sourceStart < 0 || sourceStart > this.length) throw E.outOfRange('sourceStart', `>= 0 && <= ${this.length}`, sourceStart);
      sourceEnd = sourceEnd === undefined ? this.length : toInteger(sourceEnd, 0);
      if (sourceEnd < 0) throw E.outOfRange('sourceEnd', '>= 0', sourceEnd);
      if (targetStart >= target.length || sourceStart >= sourceEnd) return 0;
      if (sourceEnd > this.length) sourceEnd = this.length;
      const n = Math.min(sourceEnd - sourceStart, target.length - targetStart);
      if (n <= 0) return 0;
      Uint8Array.prototype.set.call(target, this.subarray(sourceStart, sourceStart + n), targetStart);
      return n;
    },
    fill(value, offset, end, encoding) {
      if (typeof value === 'string') {
        if (typeof offset === 'string') { encoding = offset; offset = undefined; end = undefined; } else if (typeof end === 'string') { encoding = end; end = undefined; }
        encoding = normalizeEncoding(encoding);
        if (value.length === 0) value = 0;
        else if (value.length === 1) {
          if (encoding === 'utf8') { const code = value.charCodeAt(0); if (code < 128) value = code; } else if (encoding === 'latin1') value = value.charCodeAt(0);
        }
      }
      if (offset === undefined) { offset = 0; end = this.length; } else {
        E.validateInteger(offset, 'offset', 0);
        if (end === undefined) end = this.length;
        else E.validateInteger(end, 'end', 0, this.length);
        if (offset >= end) return this;
      }
      if (typeof value === 'number' || typeof value === 'boolean') {
        Uint8Array.prototype.fill.call(this, (+value) & 255, offset, end);
        return this;
      }
      const bytes = typeof value === 'string' ? encode(value, encoding) : isUint8Array(value) ? value : ArrayBuffer.isView(value) ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength) : null;
      if (bytes === null) { Uint8Array.prototype.fill.call(this, (+value) & 255, offset, end); return this; }
      if (bytes.length === 0) throw E.invalidArgValue('value', value);
      for (let i = offset, j = 0; i < end; i++, j = (j + 1) % bytes.length) this[i] = bytes[j];
      return this;
    },
    slice(start, end) { return this.subarray(start, end); },
    subarray(start, end) {
      const len = this.length;
      start = start === undefined ? 0 : adjustOffset(start, len);
      end = end === undefined ? len : adjustOffset(end, len);
      const n = end > start ? end - start : 0;
      return new FastBuffer(this.buffer, this.byteOffset + start, n);
    },
    write(string, offset, length, encoding) {
      if (typeof string !== 'string') throw E.invalidArgType('argument', 'string', string);
      if (offset === undefined) return writeBytes(this, encode(string, 'utf8'), 0, this.length);
      if (length === undefined && typeof offset === 'string') { encoding = offset; length = this.length; offset = 0; } else {
        E.validateInteger(offset, 'offset', 0, this.length);
        const remaining = this.length - offset;
        if (length === undefined) length = remaining;
        else if (typeof length === 'string') { encoding = length; length = remaining; } else {
          E.validateInteger(length, 'length', 0, this.length);
          if (length > remaining) length = remaining;
        }
      }
      const normalized = normalizeEncoding(encoding);
      let bytes = encode(string, normalized);
      if (normalized === 'utf8' && bytes.length > length) {
        // Only whole characters are written.
        let n = length;
        while (n > 0 && (bytes[n] & 0xc0) === 0x80) n--;
        bytes = bytes.subarray(0, n);
      } else if (normalized === 'utf16le' && bytes.length > length) bytes = bytes.subarray(0, length - (length % 2));
      return writeBytes(this, bytes, offset, length);
    },
    // (Plain functions, as lib/buffer.js's are: `new` on one reaches the
    // check of the buffer.)
    indexOf: function indexOf(value, byteOffset, encoding) { return indexOfImpl(this, value, byteOffset, encoding, true); },
    lastIndexOf: function lastIndexOf(value, byteOffset, encoding) { return indexOfImpl(this, value, byteOffset, encoding, false); },
    includes: function includes(value, byteOffset, encoding) { return indexOfImpl(this, value, byteOffset, encoding, true) !== -1; },
    swap16() { return swap(this, 2, 16); },
    swap32() { return swap(this, 4, 32); },
    swap64() { return swap(this, 8, 64); },
  });
  // lib/buffer.js: `Buffer.prototype.toLocaleString = Buffer.prototype.toString`.
  Object.defineProperty(P, 'toLocaleString', { value: P.toString, writable: true, enumerable: false, configurable: true });
  for (const name of ['parent', 'offset']) {
    Object.defineProperty(P, name, {
      enumerable: true,
      configurable: true,
      get() {
        if (!(this instanceof Buffer)) return undefined;
        return name === 'parent' ? this.buffer : this.byteOffset;
      },
    });
  }
  function toBuffer(u8) { return new FastBuffer(u8.buffer, u8.byteOffset, u8.length); }
  let INSPECT_MAX_BYTES = 50;
  Object.defineProperty(P, Symbol.for('nodejs.util.inspect.custom'), {
    value(recurseTimes, ctx) {
      const max = INSPECT_MAX_BYTES;
      const actualMax = Math.min(max, this.length);
      const remaining = this.length - max;
      let str = Array.from(this.subarray(0, actualMax), (b) => HEX[b >> 4] + HEX[b & 15]).join(' ');
      if (remaining > 0) str += ` ... ${remaining} more byte${remaining > 1 ? 's' : ''}`;
      // Own enumerable properties other than indices, as Node adds them.
      if (ctx) {
        const keys = Object.keys(this).filter((k) => !/^\d+$/.test(k));
        if (keys.length) {
          const inspect = E.require('util').inspect;
          const extras = keys.map((k) => `${k}: ${inspect(this[k], { ...ctx, breakLength: Infinity, compact: true })}`);
          str += `${str ? ', ' : ''}${extras.join(', ')}`;
        }
      }
      return `<${this.constructor.name} ${str}>`;
    },
    writable: true, configurable: true, enumerable: false,
  });
  P.inspect = P[Symbol.for('nodejs.util.inspect.custom')];
  const kStringMaxLength = 2 ** 29 - 24;
  function SlowBuffer(size) { validateSize(size); return new FastBuffer(size); }
  Object.setPrototypeOf(SlowBuffer.prototype, Uint8Array.prototype);
  Object.setPrototypeOf(SlowBuffer, Uint8Array);
  const module = {
    Buffer,
    SlowBuffer,
    kMaxLength,
    kStringMaxLength,
    constants: Object.defineProperties({}, {
      MAX_LENGTH: { value: kMaxLength, writable: false, enumerable: true },
      MAX_STRING_LENGTH: { value: kStringMaxLength, writable: false, enumerable: true },
    }),
    atob: (s) => globalThis.atob(s),
    btoa: (s) => globalThis.btoa(s),
  };
  Object.defineProperty(module, 'INSPECT_MAX_BYTES', {
    enumerable: true,
    configurable: true,
    get: () => INSPECT_MAX_BYTES,
    set(v) { E.validateNumber(v, 'INSPECT_MAX_BYTES', 0); INSPECT_MAX_BYTES = v; },
  });
  return { Buffer, FastBuffer, module, toBuffer, encode, decode, setInternals: (internals) => { E = internals; } };
})

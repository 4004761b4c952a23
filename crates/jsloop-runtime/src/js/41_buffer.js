// jsloop glue 41: Node's Buffer (the common parts), on Uint8Array.
// UTF-8 conversion is the host's (Rust).
(function (host) {
  'use strict';
  const HEX = '0123456789abcdef';
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  // Node's errors and validators, handed over by the node glue (40) once it
  // has them (setInternals); Buffer throws nothing before that.
  let E = null;
  const kMaxLength = 2 ** 32;
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
  function decode(bytes, enc) {
    switch (normalizeEncoding(enc)) {
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
      case 'latin1': return fromCharCodes(bytes);
      case 'ascii': return fromCharCodes(bytes.some((b) => b > 0x7f) ? bytes.map((b) => b & 0x7f) : bytes);
      case 'utf16le': { let s = ''; for (let i = 0; i + 1 < bytes.length; i += 2) s += String.fromCharCode(bytes[i] | (bytes[i + 1] << 8)); return s; }
    }
  }
  class Buffer extends Uint8Array {
    static from(value, encodingOrOffset, length) {
      if (typeof value === 'string') return toBuffer(encode(value, encodingOrOffset));
      if (value instanceof ArrayBuffer) return new Buffer(value, encodingOrOffset || 0, length === undefined ? value.byteLength - (encodingOrOffset || 0) : length);
      if (ArrayBuffer.isView(value) || Array.isArray(value)) { const b = new Buffer(value.length); b.set(value); return b; }
      if (value && typeof value === 'object' && value.type === 'Buffer' && Array.isArray(value.data)) return Buffer.from(value.data);
      throw E.invalidArgType('first argument', ['string', 'Buffer', 'ArrayBuffer', 'Array', 'Array-like Object'], value);
    }
    static alloc(size, fill, encoding) {
      E.validateNumber(size, 'size', 0, kMaxLength);
      const b = new Buffer(size);
      if (fill !== undefined) b.fill(typeof fill === 'string' ? Buffer.from(fill, encoding)[0] : fill);
      return b;
    }
    static allocUnsafe(size) { E.validateNumber(size, 'size', 0, kMaxLength); return new Buffer(size); }
    static isBuffer(b) { return b instanceof Buffer; }
    static isEncoding(e) { try { normalizeEncoding(e); return true; } catch (_) { return false; } }
    static byteLength(s, enc) {
      if (typeof s === 'string') return encode(s, enc).length;
      if (ArrayBuffer.isView(s) || s instanceof ArrayBuffer) return s.byteLength;
      throw E.invalidArgType('string', ['string', 'Buffer', 'ArrayBuffer'], s);
    }
    static concat(list, total) {
      if (!Array.isArray(list)) throw E.invalidArgType('list', 'Array', list);
      if (list.length === 0) return new Buffer(0);
      const length = total === undefined ? list.reduce((n, b) => n + (b && b.length ? b.length : 0), 0) : total;
      const out = Buffer.alloc(length);
      let at = 0;
      for (let i = 0; i < list.length; i++) {
        const b = list[i];
        if (!(b instanceof Uint8Array)) throw E.invalidArgType(`list[${i}]`, ['Buffer', 'Uint8Array'], b);
        if (at >= length) break;
        out.set(b.subarray(0, length - at), at);
        at += b.length;
      }
      return out;
    }
    static compare(a, b) {
      if (!(a instanceof Uint8Array)) throw E.invalidArgType('buf1', ['Buffer', 'Uint8Array'], a);
      if (!(b instanceof Uint8Array)) throw E.invalidArgType('buf2', ['Buffer', 'Uint8Array'], b);
      return Buffer.prototype.compare.call(a, b);
    }
    toString(encoding, start = 0, end = this.length) { return decode(this.subarray(start, end), encoding); }
    toJSON() { return { type: 'Buffer', data: Array.from(this) }; }
    equals(other) { return this.compare(other) === 0; }
    compare(other) {
      const n = Math.min(this.length, other.length);
      for (let i = 0; i < n; i++) if (this[i] !== other[i]) return this[i] < other[i] ? -1 : 1;
      return this.length === other.length ? 0 : this.length < other.length ? -1 : 1;
    }
    slice(start, end) { return this.subarray(start, end); }
    subarray(start, end) { const u = Uint8Array.prototype.subarray.call(this, start, end); return new Buffer(u.buffer, u.byteOffset, u.length); }
    write(string, offset = 0, length, encoding = 'utf8') {
      if (typeof offset === 'string') { encoding = offset; offset = 0; }
      const bytes = encode(string, encoding);
      const n = Math.min(bytes.length, length === undefined ? this.length - offset : length, this.length - offset);
      this.set(bytes.subarray(0, n), offset);
      return n;
    }
    indexOf(value, from = 0) {
      if (typeof value === 'number') return Uint8Array.prototype.indexOf.call(this, value, from);
      const needle = typeof value === 'string' ? encode(value) : value;
      outer: for (let i = from; i <= this.length - needle.length; i++) {
        for (let j = 0; j < needle.length; j++) if (this[i + j] !== needle[j]) continue outer;
        return i;
      }
      return -1;
    }
    includes(value, from) { return this.indexOf(value, from) !== -1; }
    readUInt8(o = 0) { checkRead(this, o, 1); return this[o]; }
    readUInt16LE(o = 0) { checkRead(this, o, 2); return this[o] | (this[o + 1] << 8); }
    readUInt32LE(o = 0) { checkRead(this, o, 4); return (this[o] | (this[o + 1] << 8) | (this[o + 2] << 16)) + this[o + 3] * 0x1000000; }
    readUInt32BE(o = 0) { checkRead(this, o, 4); return this[o] * 0x1000000 + ((this[o + 1] << 16) | (this[o + 2] << 8) | this[o + 3]); }
    writeUInt8(v, o = 0) {
      v = +v;
      validateOffset(o);
      if (v > 0xff || v < 0) throw E.outOfRange('value', '>= 0 and <= 255', v);
      if (this[o] === undefined) boundsError(o, this.length - 1);
      this[o] = v;
      return o + 1;
    }
  }
  function toBuffer(u8) { return new Buffer(u8.buffer, u8.byteOffset, u8.length); }
  Object.defineProperty(Buffer.prototype, Symbol.for('nodejs.util.inspect.custom'), {
    value() {
      const shown = Array.from(this.subarray(0, 50), (b) => HEX[b >> 4] + HEX[b & 15]).join(' ');
      return `<Buffer${this.length ? ' ' + shown : ''}${this.length > 50 ? ` ... ${this.length - 50} more bytes` : ''}>`;
    },
  });
  return { Buffer, toBuffer, encode, decode, setInternals: (internals) => { E = internals; } };
})

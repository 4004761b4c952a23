// jsloop node glue: the `crypto` module. Arguments are converted and checked
// as Node's lib/crypto.js and lib/internal/crypto/*.js document them (the
// error classes, codes and messages); the work is the host's
// (crates/jsloop-runtime/src/node/crypto.rs: RustCrypto and the OS's random
// generator). The callback forms of pbkdf2, scrypt, hkdf, randomBytes and
// randomFill run on the thread pool and call back in the poll phase.
// Not here yet: ciphers, signatures, key objects, Diffie-Hellman, subtle.
(function (internals) {
  'use strict';
  const host = internals.host.crypto;
  const { Buffer } = internals.require('buffer');
  const { nodeError, invalidArgType, outOfRange, validateFunction } = internals;

  const toBuffer = (u8) => Buffer.from(u8.buffer, u8.byteOffset, u8.length);
  const isView = (v) => ArrayBuffer.isView(v);
  // Bytes of a view, as a Uint8Array over the same memory.
  const bytesOfView = (v) => new Uint8Array(v.buffer, v.byteOffset, v.byteLength);

  // Node's getArrayBufferOrView: a string (in `encoding`), an ArrayBuffer,
  // a Buffer, TypedArray or DataView.
  function toBytes(value, name, encoding = 'utf8', types = ['string', 'ArrayBuffer', 'Buffer', 'TypedArray', 'DataView']) {
    if (typeof value === 'string') return bytesOfView(Buffer.from(value, encoding === 'buffer' ? 'utf8' : encoding));
    if (isView(value)) return bytesOfView(value);
    if (value instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && value instanceof SharedArrayBuffer)) return new Uint8Array(value);
    throw invalidArgType(name, types, value);
  }
  // The result of a digest: a Buffer, or a string in `encoding`.
  function encodeResult(u8, encoding) {
    const buf = toBuffer(u8);
    return encoding === undefined || encoding === 'buffer' || !Buffer.isEncoding(encoding) ? buf : buf.toString(encoding);
  }

  // ---------------------------------------------------------------- Hash, Hmac
  const kState = Symbol('jsloop.crypto.state');
  const finalized = () => nodeError(Error, 'ERR_CRYPTO_HASH_FINALIZED', 'Digest already called');
  function dataBytes(data, encoding) {
    if (typeof data === 'string') return toBytes(data, 'data', encoding);
    if (isView(data)) return bytesOfView(data);
    throw invalidArgType('data', ['string', 'Buffer', 'TypedArray', 'DataView'], data);
  }
  // https://nodejs.org/api/crypto.html#class-hash
  function Hash(algorithm, options) {
    if (!(this instanceof Hash)) return new Hash(algorithm, options);
    if (algorithm instanceof Hash) {
      const from = algorithm[kState];
      if (from.done) throw finalized();
      this[kState] = { id: host.hashCopy(from.id), done: false };
      return;
    }
    if (typeof algorithm !== 'string') throw invalidArgType('algorithm', 'string', algorithm);
    const id = host.hashNew(algorithm);
    if (id === undefined || id === null) throw new Error('Digest method not supported');
    this[kState] = { id, done: false };
  }
  Hash.prototype.update = function update(data, encoding) {
    const s = this[kState];
    if (s.done) throw finalized();
    host.update(s.id, dataBytes(data, encoding));
    return this;
  };
  Hash.prototype.digest = function digest(encoding) {
    const s = this[kState];
    if (s.done) throw finalized();
    s.done = true;
    return encodeResult(host.digest(s.id), encoding);
  };
  Hash.prototype.copy = function copy(options) {
    return new Hash(this, options);
  };
  // https://nodejs.org/api/crypto.html#class-hmac
  function Hmac(hmac, key, options) {
    if (!(this instanceof Hmac)) return new Hmac(hmac, key, options);
    if (typeof hmac !== 'string') throw invalidArgType('hmac', 'string', hmac);
    const keyBytes = key !== null && typeof key === 'object' && key.type === 'secret' && typeof key.export === 'function'
      ? bytesOfView(key.export())
      : toBytes(key, 'key', options && options.encoding, ['ArrayBuffer', 'Buffer', 'TypedArray', 'DataView', 'string', 'KeyObject', 'CryptoKey']);
    const id = host.hmacNew(hmac, keyBytes);
    if (id === undefined || id === null) throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', `Invalid digest: ${hmac}`);
    this[kState] = { id, done: false };
  }
  Hmac.prototype.update = Hash.prototype.update;
  Hmac.prototype.digest = function digest(encoding) {
    const s = this[kState];
    // A second digest() of an Hmac gives an empty result (Node's rule).
    if (s.done) return encodeResult(new Uint8Array(0), encoding);
    s.done = true;
    return encodeResult(host.digest(s.id), encoding);
  };
  const createHash = (algorithm, options) => new Hash(algorithm, options);
  const createHmac = (hmac, key, options) => new Hmac(hmac, key, options);
  // crypto.hash(algorithm, data[, outputEncoding]): one-shot, hex by default.
  function hash(algorithm, data, outputEncoding = 'hex') {
    if (typeof algorithm !== 'string') throw invalidArgType('algorithm', 'string', algorithm);
    if (typeof data !== 'string' && !isView(data)) throw invalidArgType('data', ['Buffer', 'TypedArray', 'DataView', 'string'], data);
    const h = new Hash(algorithm);
    h.update(data);
    return h.digest(outputEncoding);
  }
  const getHashes = () => [...host.hashes].sort();

  // ---------------------------------------------------------------- key derivation
  function checkDigest(digest) {
    if (typeof digest !== 'string') throw invalidArgType('digest', 'string', digest);
    if (!host.hasDigest(digest)) throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', `Invalid digest: ${digest}`);
  }
  function checkInt32(value, name, min = 0, max = 2147483647) {
    if (typeof value !== 'number') throw invalidArgType(name, 'number', value);
    if (!Number.isInteger(value)) throw outOfRange(name, 'an integer', value);
    if (value < min || value > max) throw outOfRange(name, `>= ${min} && <= ${max}`, value);
  }
  // Runs a job now (callback undefined) or on the pool.
  function job(op, args, callback, wrap) {
    if (callback === undefined) return wrap(host.runSync(op, args));
    host.runAsync(op, args, (err, bytes) => (err ? callback(err) : callback(null, wrap(bytes))));
  }
  function pbkdf2Args(password, salt, iterations, keylen, digest) {
    const p = toBytes(password, 'password');
    const s = toBytes(salt, 'salt');
    checkInt32(iterations, 'iterations', 1);
    checkInt32(keylen, 'keylen');
    checkDigest(digest);
    return [p, s, iterations, keylen, digest];
  }
  function pbkdf2(password, salt, iterations, keylen, digest, callback) {
    if (typeof digest === 'function') { callback = digest; digest = undefined; }
    const args = pbkdf2Args(password, salt, iterations, keylen, digest);
    validateFunction(callback, 'callback');
    job('pbkdf2', args, callback, toBuffer);
  }
  const pbkdf2Sync = (password, salt, iterations, keylen, digest) => job('pbkdf2', pbkdf2Args(password, salt, iterations, keylen, digest), undefined, toBuffer);

  // RFC 5869 bounds: at most 255 blocks of the digest's size.
  function hkdfArgs(digest, ikm, salt, info, keylen) {
    if (typeof digest !== 'string') throw invalidArgType('digest', 'string', digest);
    const k = toBytes(ikm, 'ikm', 'utf8', ['string', 'ArrayBuffer', 'Buffer', 'TypedArray', 'DataView', 'KeyObject', 'CryptoKey']);
    const s = toBytes(salt, 'salt');
    const i = toBytes(info, 'info');
    checkInt32(keylen, 'length');
    if (i.byteLength > 1024) throw outOfRange('info', 'must not contain more than 1024 bytes', i.byteLength);
    checkDigest(digest);
    const size = createHash(digest).digest().length;
    if (keylen > 255 * size) throw nodeError(RangeError, 'ERR_CRYPTO_INVALID_KEYLEN', 'Invalid key length');
    return [digest, k, s, i, keylen];
  }
  const toArrayBuffer = (u8) => u8.buffer.slice(u8.byteOffset, u8.byteOffset + u8.byteLength);
  function hkdf(digest, ikm, salt, info, keylen, callback) {
    const args = hkdfArgs(digest, ikm, salt, info, keylen);
    validateFunction(callback, 'callback');
    job('hkdf', args, callback, toArrayBuffer);
  }
  const hkdfSync = (digest, ikm, salt, info, keylen) => job('hkdf', hkdfArgs(digest, ikm, salt, info, keylen), undefined, toArrayBuffer);

  // scrypt's options: N (cost), r (blockSize), p (parallelization), maxmem.
  function scryptArgs(password, salt, keylen, options) {
    const p = toBytes(password, 'password');
    const s = toBytes(salt, 'salt');
    checkInt32(keylen, 'keylen');
    let N = 16384, r = 8, par = 1, maxmem = 32 << 20;
    if (options !== undefined && options !== null) {
      const pick = (a, b, name) => {
        if (options[a] !== undefined && options[b] !== undefined) throw nodeError(TypeError, 'ERR_INCOMPATIBLE_OPTION_PAIR', `Option "${a}" cannot be used in combination with option "${b}"`);
        return options[a] !== undefined ? options[a] : options[b];
      };
      const n = pick('N', 'cost'); if (n !== undefined) { checkInt32(n, 'N', 0, 2 ** 32 - 1); N = n; }
      const rr = pick('r', 'blockSize'); if (rr !== undefined) { checkInt32(rr, 'r', 0, 2 ** 32 - 1); r = rr; }
      const pp = pick('p', 'parallelization'); if (pp !== undefined) { checkInt32(pp, 'p', 0, 2 ** 32 - 1); par = pp; }
      if (options.maxmem !== undefined) { if (typeof options.maxmem !== 'number' || options.maxmem < 0) throw invalidArgType('maxmem', 'number', options.maxmem); maxmem = options.maxmem; }
    }
    // N a power of two above 1; the memory scrypt needs (128·N·r) within maxmem.
    if (N < 2 || (N & (N - 1)) !== 0 || r < 1 || par < 1 || 128 * N * r > maxmem) {
      throw nodeError(RangeError, 'ERR_CRYPTO_INVALID_SCRYPT_PARAMS', 'Invalid scrypt params');
    }
    return [p, s, N, r, par, keylen];
  }
  function scrypt(password, salt, keylen, options, callback) {
    if (typeof options === 'function') { callback = options; options = undefined; }
    const args = scryptArgs(password, salt, keylen, options);
    validateFunction(callback, 'callback');
    job('scrypt', args, callback, toBuffer);
  }
  const scryptSync = (password, salt, keylen, options) => job('scrypt', scryptArgs(password, salt, keylen, options), undefined, toBuffer);

  // ---------------------------------------------------------------- random
  const kMaxSize = 2 ** 31 - 1;
  function randomBytes(size, callback) {
    if (typeof size !== 'number') throw invalidArgType('size', 'number', size);
    if (!(size >= 0 && size <= kMaxSize)) throw outOfRange('size', `>= 0 && <= ${kMaxSize}`, size);
    if (callback !== undefined) validateFunction(callback, 'callback');
    return job('random', [size], callback, toBuffer);
  }
  function fillArgs(buf, offset, size) {
    if (!isView(buf) && !(buf instanceof ArrayBuffer)) throw invalidArgType('buf', ['ArrayBuffer', 'ArrayBufferView'], buf);
    const bytes = buf instanceof ArrayBuffer ? new Uint8Array(buf) : bytesOfView(buf);
    const elem = isView(buf) && buf.BYTES_PER_ELEMENT ? buf.BYTES_PER_ELEMENT : 1;
    if (typeof offset !== 'number') throw invalidArgType('offset', 'number', offset);
    offset *= elem;
    if (!(offset >= 0 && offset <= bytes.byteLength)) throw outOfRange('offset', `>= 0 && <= ${bytes.byteLength}`, offset);
    if (size === undefined) size = bytes.byteLength - offset;
    else {
      if (typeof size !== 'number') throw invalidArgType('size', 'number', size);
      size *= elem;
      if (!(size >= 0 && size + offset <= bytes.byteLength)) throw outOfRange('size + offset', `<= ${bytes.byteLength}`, size + offset);
    }
    return [bytes, offset, size];
  }
  function randomFillSync(buf, offset = 0, size) {
    const [bytes, off, n] = fillArgs(buf, offset, size);
    host.fillRandom(bytes, off, n);
    return buf;
  }
  function randomFill(buf, offset, size, callback) {
    if (typeof offset === 'function') { callback = offset; offset = 0; size = undefined; }
    else if (typeof size === 'function') { callback = size; size = undefined; }
    const [bytes, off, n] = fillArgs(buf, offset, size);
    validateFunction(callback, 'callback');
    host.runAsync('random', [n], (err, random) => {
      if (err) return callback(err);
      bytes.set(random, off);
      callback(null, buf);
    });
  }
  // randomInt([min, ]max[, callback]): uniform in [min, max), by rejection.
  const kRandomIntMax = 2 ** 48 - 1;
  function randomInt(min, max, callback) {
    if (typeof max === 'undefined' || typeof max === 'function') { callback = max; max = min; min = 0; }
    if (callback !== undefined) validateFunction(callback, 'callback');
    if (!Number.isSafeInteger(min)) throw invalidArgType('min', 'a safe integer', min);
    if (!Number.isSafeInteger(max)) throw invalidArgType('max', 'a safe integer', max);
    if (max <= min) throw outOfRange('max', `greater than the value of "min" (${min})`, max);
    const range = max - min;
    if (range > kRandomIntMax) throw outOfRange('max - min', `<= ${kRandomIntMax}`, range);
    const limit = kRandomIntMax - (kRandomIntMax % range);
    const pick = () => {
      for (;;) {
        const b = host.runSync('random', [6]);
        const x = b[0] * 2 ** 40 + b[1] * 2 ** 32 + b[2] * 2 ** 24 + b[3] * 2 ** 16 + b[4] * 2 ** 8 + b[5];
        if (x < limit) return min + (x % range);
      }
    };
    if (callback === undefined) return pick();
    const n = pick();
    internals.nextTick(callback, undefined, n);
  }
  const HEX = [];
  for (let i = 0; i < 256; i++) HEX.push((i + 0x100).toString(16).slice(1));
  // RFC 9562 version 4: 122 random bits.
  function randomUUID(options) {
    if (options !== undefined && (options === null || typeof options !== 'object')) throw invalidArgType('options', 'object', options);
    const b = host.runSync('random', [16]);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = (i) => HEX[b[i]];
    return `${h(0)}${h(1)}${h(2)}${h(3)}-${h(4)}${h(5)}-${h(6)}${h(7)}-${h(8)}${h(9)}-${h(10)}${h(11)}${h(12)}${h(13)}${h(14)}${h(15)}`;
  }
  // https://w3c.github.io/webcrypto/#Crypto-method-getRandomValues
  const INTEGER_ARRAYS = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'BigInt64Array', 'BigUint64Array'];
  function getRandomValues(array) {
    if (arguments.length < 1) throw invalidArgType('typedArray', 'TypedArray', undefined);
    // Step 1. An array that is not an integer-type TypedArray: TypeMismatchError.
    const tag = isView(array) && !(array instanceof DataView) ? Object.prototype.toString.call(array).slice(8, -1) : null;
    if (!INTEGER_ARRAYS.includes(tag)) throw new DOMException('The data argument must be an integer-type TypedArray', 'TypeMismatchError');
    // Step 2. More than 65,536 bytes: QuotaExceededError.
    if (array.byteLength > 65536) throw new DOMException('The requested length exceeds 65,536 bytes', 'QuotaExceededError');
    // Step 3. Overwrite all elements of array with cryptographically strong random values.
    host.fillRandom(bytesOfView(array), 0, array.byteLength);
    // Step 4. Return array.
    return array;
  }
  function timingSafeEqual(a, b) {
    if (!isView(a) && !(a instanceof ArrayBuffer)) throw invalidArgType('buf1', ['ArrayBuffer', 'Buffer', 'TypedArray', 'DataView'], a);
    if (!isView(b) && !(b instanceof ArrayBuffer)) throw invalidArgType('buf2', ['ArrayBuffer', 'Buffer', 'TypedArray', 'DataView'], b);
    const x = a instanceof ArrayBuffer ? new Uint8Array(a) : bytesOfView(a);
    const y = b instanceof ArrayBuffer ? new Uint8Array(b) : bytesOfView(b);
    if (x.byteLength !== y.byteLength) throw nodeError(RangeError, 'ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH', 'Input buffers must have the same byte length');
    return host.timingSafeEqual(x, y);
  }

  // The Web Crypto API's Crypto object, as much of it as is here (no subtle).
  const webcrypto = {};
  Object.defineProperties(webcrypto, {
    getRandomValues: { value: function getRandomValues_(array) { return getRandomValues.apply(this, arguments); }, enumerable: true, writable: true, configurable: true },
    randomUUID: { value: () => randomUUID(), enumerable: true, writable: true, configurable: true },
    [Symbol.toStringTag]: { value: 'Crypto', configurable: true },
  });

  return {
    Hash, Hmac, createHash, createHmac, hash, getHashes,
    pbkdf2, pbkdf2Sync, hkdf, hkdfSync, scrypt, scryptSync,
    randomBytes, pseudoRandomBytes: randomBytes, randomFill, randomFillSync, randomInt, randomUUID,
    getRandomValues: (array) => getRandomValues(array), timingSafeEqual, webcrypto,
    constants: {},
    getFips: () => 0,
  };
})

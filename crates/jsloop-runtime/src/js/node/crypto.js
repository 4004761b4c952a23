// jsloop node glue: the `crypto` module. Arguments are converted and checked
// as Node's lib/crypto.js and lib/internal/crypto/*.js document them (the
// error classes, codes and messages); the work is the host's
// (crates/jsloop-runtime/src/node/crypto.rs: RustCrypto and the OS's random
// generator). The callback forms of pbkdf2, scrypt, hkdf, randomBytes and
// randomFill run on the thread pool and call back in the poll phase.
// Ciphers (AES ECB/CBC/CTR/GCM, ChaCha20-Poly1305), key objects (RSA, EC
// P-256/P-384, Ed25519, secret), signatures, RSA encryption and ECDH are
// the host's too (crates/jsloop-runtime/src/crypto/). Not here: classic
// Diffie-Hellman groups, X448/Ed448, DSA, rsa-pss key objects.
(function (internals) {
  'use strict';
  const host = internals.host.crypto;
  const { Buffer } = internals.require('buffer');
  const { nodeError, invalidArgType, invalidArgValue, outOfRange, validateFunction } = internals;

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

  // ---------------------------------------------------------------- ciphers
  // https://nodejs.org/api/crypto.html#class-cipheriv (lib/internal/crypto/
  // cipher.js): a Transform stream over the host's cipher state; update()
  // and final() give out what OpenSSL would at each step.
  const stream = () => internals.require('stream');
  const kCipher = Symbol('jsloop.crypto.cipher');
  const cipherRegistry = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry((id) => host.cipherFree(id)) : null;
  const SECRET_KEY_TYPES = ['string', 'ArrayBuffer', 'Buffer', 'TypedArray', 'DataView', 'KeyObject', 'CryptoKey'];
  // Node's prepareSecretKey: bytes of a secret key or of key material.
  function secretKeyBytes(key, encoding, name = 'key') {
    if (isKeyObject(key)) {
      if (key.type !== 'secret') throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE', `Invalid key object type ${key.type}, expected secret.`);
      return key[kKeyData];
    }
    if (isCryptoKey(key)) return secretKeyBytes(keyObjectOf(key), encoding, name);
    return toBytes(key, name, encoding, SECRET_KEY_TYPES);
  }
  function makeCipher(self, decrypt, cipher, key, iv, options) {
    if (typeof cipher !== 'string') throw invalidArgType('cipher', 'string', cipher);
    const keyBytes = secretKeyBytes(key, options && options.encoding);
    let ivBytes = null;
    if (iv !== null && iv !== undefined) ivBytes = toBytes(iv, 'iv', options && options.encoding, ['string', 'ArrayBuffer', 'Buffer', 'TypedArray', 'DataView']);
    else if (iv === undefined) throw invalidArgType('iv', ['string', 'ArrayBuffer', 'Buffer', 'TypedArray', 'DataView'], iv);
    let tagLength;
    if (options && options.authTagLength !== undefined) {
      checkInt32(options.authTagLength, 'options.authTagLength');
      tagLength = options.authTagLength;
    }
    const info = host.cipherInfo(cipher);
    const id = host.cipherNew(cipher, keyBytes, ivBytes, decrypt, tagLength);
    self[kCipher] = { id, decrypt, done: false, aead: info.mode === 'gcm' || info.name === 'chacha20-poly1305', decoder: null, tag: null };
    if (cipherRegistry) cipherRegistry.register(self, id);
    stream().Transform.call(self, options);
  }
  // A cipher's output as a Buffer, or as text through a StringDecoder that
  // keeps a character split across updates (Node's this._decoder).
  function cipherOut(s, bytes, encoding) {
    const buf = toBuffer(bytes);
    if (encoding === undefined || encoding === 'buffer' || encoding === null) return buf;
    if (!s.decoder || s.decoderName !== encoding) {
      const { StringDecoder } = internals.require('string_decoder');
      s.decoder = new StringDecoder(encoding);
      s.decoderName = encoding;
    }
    return s.decoder.write(buf);
  }
  function cipherUpdate(data, inputEncoding, outputEncoding) {
    const s = this[kCipher];
    if (typeof data === 'string') data = toBytes(data, 'data', inputEncoding);
    else if (!isView(data)) throw invalidArgType('data', ['string', 'Buffer', 'TypedArray', 'DataView'], data);
    else data = bytesOfView(data);
    if (s.done) throw new Error('Trying to add data in unsupported state');
    return cipherOut(s, host.cipherUpdate(s.id, data), outputEncoding);
  }
  function cipherFinal(outputEncoding) {
    const s = this[kCipher];
    if (s.done) throw nodeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'Invalid state');
    s.done = true;
    let bytes;
    try {
      bytes = host.cipherFinal(s.id);
      if (s.aead && !s.decrypt) s.tag = toBuffer(host.cipherAuthTag(s.id));
    } finally {
      host.cipherFree(s.id);
      if (cipherRegistry) cipherRegistry.unregister(this);
    }
    if (outputEncoding === undefined || outputEncoding === 'buffer' || outputEncoding === null) return toBuffer(bytes);
    const out = cipherOut(s, bytes, outputEncoding);
    return out + (s.decoder ? s.decoder.end() : '');
  }
  function setAutoPadding(ap) {
    const s = this[kCipher];
    if (s.done) throw nodeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'Invalid state for operation setAutoPadding');
    host.cipherSetAutoPadding(s.id, ap !== false);
    return this;
  }
  function setAAD(aadbuf, options) {
    const s = this[kCipher];
    if (!isView(aadbuf)) throw invalidArgType('buffer', ['Buffer', 'TypedArray', 'DataView'], aadbuf);
    if (options !== undefined && options.plaintextLength !== undefined) checkInt32(options.plaintextLength, 'options.plaintextLength');
    if (s.done || !s.aead) throw nodeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'Invalid state for operation setAAD');
    host.cipherSetAAD(s.id, bytesOfView(aadbuf));
    return this;
  }
  function installCipherMethods(C) {
    Object.setPrototypeOf(C.prototype, stream().Transform.prototype);
    Object.setPrototypeOf(C, stream().Transform);
    C.prototype._transform = function _transform(chunk, encoding, callback) {
      this.push(this.update(chunk, encoding));
      callback();
    };
    C.prototype._flush = function _flush(callback) {
      try { this.push(this.final()); } catch (e) { return callback(e); }
      callback();
    };
    C.prototype.update = cipherUpdate;
    C.prototype.final = cipherFinal;
    C.prototype.setAutoPadding = setAutoPadding;
    C.prototype.setAAD = setAAD;
  }
  function Cipheriv(cipher, key, iv, options) {
    if (!(this instanceof Cipheriv)) return new Cipheriv(cipher, key, iv, options);
    makeCipher(this, false, cipher, key, iv, options);
  }
  function Decipheriv(cipher, key, iv, options) {
    if (!(this instanceof Decipheriv)) return new Decipheriv(cipher, key, iv, options);
    makeCipher(this, true, cipher, key, iv, options);
  }
  let cipherProtosReady = false;
  function cipherProtos() {
    if (cipherProtosReady) return;
    cipherProtosReady = true;
    installCipherMethods(Cipheriv);
    installCipherMethods(Decipheriv);
    Cipheriv.prototype.getAuthTag = function getAuthTag() {
      const s = this[kCipher];
      if (!s.tag) throw nodeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'Invalid state for operation getAuthTag');
      return s.tag;
    };
    Decipheriv.prototype.setAuthTag = function setAuthTag(tagbuf, encoding) {
      const s = this[kCipher];
      const tag = toBytes(tagbuf, 'buffer', encoding, ['Buffer', 'TypedArray', 'DataView']);
      if (s.done || !s.aead) throw nodeError(Error, 'ERR_CRYPTO_INVALID_STATE', 'Invalid state for operation setAuthTag');
      host.cipherSetAuthTag(s.id, tag);
      return this;
    };
  }
  const createCipheriv = (cipher, key, iv, options) => { cipherProtos(); return new Cipheriv(cipher, key, iv, options); };
  const createDecipheriv = (cipher, key, iv, options) => { cipherProtos(); return new Decipheriv(cipher, key, iv, options); };
  const getCiphers = () => [...host.ciphers].sort();
  // crypto.getCipherInfo(nameOrNid[, options])
  function getCipherInfo(nameOrNid, options) {
    if (typeof nameOrNid !== 'string' && typeof nameOrNid !== 'number') throw invalidArgType('nameOrNid', ['string', 'number'], nameOrNid);
    const name = typeof nameOrNid === 'number' ? host.ciphers.find((n) => host.cipherInfo(n).nid === nameOrNid) : nameOrNid;
    const info = name === undefined ? undefined : host.cipherInfo(name);
    if (!info) return undefined;
    if (options && options.keyLength !== undefined && options.keyLength !== info.keyLength) return undefined;
    if (options && options.ivLength !== undefined) {
      const ok = info.mode === 'gcm' ? options.ivLength > 0 : options.ivLength === info.ivLength;
      if (!ok) return undefined;
      info.ivLength = options.ivLength;
    }
    if (info.name.endsWith('-gcm')) info.name = `id-${info.name.replace('-', '')}`;
    return info;
  }

  // ---------------------------------------------------------------- keys
  // https://nodejs.org/api/crypto.html#class-keyobject: a secret key's
  // bytes, a private key's PKCS#8 DER or a public key's SPKI DER.
  const kKeyType = Symbol('jsloop.crypto.keyType');
  const kKeyData = Symbol('jsloop.crypto.keyData');
  const kKeyInfo = Symbol('jsloop.crypto.keyInfo');
  class KeyObject {
    constructor(type, handle) {
      if (type !== 'secret' && type !== 'public' && type !== 'private') throw invalidArgValue('type', type);
      if (handle === undefined || handle[kKeyData] === undefined) throw invalidArgType('handle', 'object', handle);
      this[kKeyType] = type;
      this[kKeyData] = handle[kKeyData];
      if (type !== 'secret') this[kKeyInfo] = host.keyInfo(this[kKeyData], type === 'private');
    }
    static from(key) {
      if (!isCryptoKey(key)) throw invalidArgType('key', 'CryptoKey', key);
      return keyObjectOf(key);
    }
    get type() { return this[kKeyType]; }
    equals(otherKeyObject) {
      if (!isKeyObject(otherKeyObject)) throw invalidArgType('otherKeyObject', 'KeyObject', otherKeyObject);
      if (otherKeyObject.type !== this.type) return false;
      const a = this[kKeyData], b = otherKeyObject[kKeyData];
      return a.length === b.length && host.timingSafeEqual(a, b);
    }
  }
  Object.defineProperty(KeyObject.prototype, Symbol.toStringTag, { value: 'KeyObject', configurable: true });
  class SecretKeyObject extends KeyObject {
    constructor(handle) { super('secret', handle); }
    get symmetricKeySize() { return this[kKeyData].length; }
    export(options) {
      if (options !== undefined && (options === null || typeof options !== 'object')) throw invalidArgType('options', 'object', options);
      const format = options && options.format;
      if (format === 'jwk') return { kty: 'oct', k: toBuffer(this[kKeyData]).toString('base64url') };
      if (format !== undefined && format !== 'buffer') throw invalidArgValue('options.format', format, "must be one of: undefined, 'buffer', 'jwk'");
      return Buffer.from(this[kKeyData]);
    }
  }
  class AsymmetricKeyObject extends KeyObject {
    get asymmetricKeyType() { return this[kKeyInfo].type; }
    get asymmetricKeyDetails() {
      const i = this[kKeyInfo];
      if (i.type === 'rsa') return { modulusLength: i.modulusLength, publicExponent: BigInt(`0x${i.publicExponent}`) };
      if (i.type === 'ec') return { namedCurve: i.namedCurve };
      return {};
    }
    export(options) {
      if (options === null || typeof options !== 'object') throw invalidArgType('options', 'object', options);
      const priv = this.type === 'private';
      const { format, type } = options;
      if (format === 'jwk') return JSON.parse(host.keyJwk(this[kKeyData], priv));
      if (format !== 'pem' && format !== 'der') throw invalidArgValue('options.format', format);
      const types = priv ? ['pkcs1', 'pkcs8', 'sec1'] : ['pkcs1', 'spki'];
      if (!types.includes(type)) throw invalidArgValue('options.type', type);
      let pass;
      if (priv && options.cipher !== undefined) {
        if (typeof options.cipher !== 'string') throw invalidArgValue('options.cipher', options.cipher);
        if (options.passphrase === undefined) throw invalidArgValue('options.passphrase', options.passphrase);
        if (type !== 'pkcs8') throw nodeError(TypeError, 'ERR_CRYPTO_INCOMPATIBLE_KEY_OPTIONS', `The selected key encoding ${type} does not support encryption.`);
        pass = toBytes(options.passphrase, 'options.passphrase', options.encoding);
      }
      const out = host.keyExport(this[kKeyData], priv, format, type, pass);
      return format === 'pem' ? toBuffer(out).toString('latin1') : toBuffer(out);
    }
  }
  class PublicKeyObject extends AsymmetricKeyObject { constructor(handle) { super('public', handle); } }
  class PrivateKeyObject extends AsymmetricKeyObject { constructor(handle) { super('private', handle); } }
  const isKeyObject = (k) => k instanceof KeyObject;
  const isCryptoKey = (k) => wc.isCryptoKey(k);
  const handleOf = (bytes) => ({ [kKeyData]: bytes });
  function createSecretKey(key, encoding) {
    const bytes = toBytes(key, 'key', encoding, ['string', 'ArrayBuffer', 'Buffer', 'TypedArray', 'DataView']);
    return new SecretKeyObject(handleOf(new Uint8Array(bytes)));
  }
  const ASYM_KEY_TYPES = ['string', 'ArrayBuffer', 'Buffer', 'TypedArray', 'DataView', 'KeyObject', 'CryptoKey'];
  // Node's prepareAsymmetricKey: a key object, PEM text, or { key, format,
  // type, passphrase, encoding }. Gives [private?, DER] or a KeyObject.
  function asymmetricInput(key, wantPrivate, name = 'key', types = ASYM_KEY_TYPES) {
    if (isKeyObject(key)) return key;
    if (isCryptoKey(key)) return keyObjectOf(key);
    let data = key, format = 'pem', type, passphrase, encoding;
    if (key !== null && typeof key === 'object' && !isView(key) && !(key instanceof ArrayBuffer)) {
      data = key.key;
      if (isKeyObject(data)) return data;
      if (isCryptoKey(data)) return keyObjectOf(data);
      format = key.format === undefined ? 'pem' : key.format;
      type = key.type; passphrase = key.passphrase; encoding = key.encoding;
      if (format === 'jwk') {
        if (data === null || typeof data !== 'object') throw invalidArgType('key.key', 'object', data);
        return new (wantPrivate && data.d !== undefined ? PrivateKeyObject : PublicKeyObject)(handleOf(host.keyFromJwk(JSON.stringify(data), wantPrivate && data.d !== undefined)));
      }
      if (format !== 'pem' && format !== 'der') throw invalidArgValue('key.format', format);
      if (typeof data !== 'string' && !isView(data) && !(data instanceof ArrayBuffer)) throw invalidArgType('key.key', ['string', 'ArrayBuffer', 'Buffer', 'TypedArray', 'DataView'], data);
      if (format === 'der' && !(wantPrivate ? ['pkcs1', 'pkcs8', 'sec1'] : ['pkcs1', 'spki', 'pkcs8', 'sec1']).includes(type)) throw invalidArgValue('key.type', type);
    } else if (typeof key !== 'string' && !isView(key) && !(key instanceof ArrayBuffer)) {
      throw invalidArgType(name, types, key);
    }
    const bytes = toBytes(data, name, encoding);
    const pass = passphrase === undefined || passphrase === null ? undefined : toBytes(passphrase, 'key.passphrase', encoding);
    return { bytes, format, type: type || '', pass };
  }
  const CREATE_KEY_TYPES = ['string', 'ArrayBuffer', 'Buffer', 'TypedArray', 'DataView', 'URL'];
  function createPrivateKey(key) {
    const input = asymmetricInput(key, true, 'key', CREATE_KEY_TYPES);
    if (isKeyObject(input)) {
      // A JWK without `d` made a public key (src/crypto/crypto_keys.cc,
      // KeyObjectHandle::InitJWK).
      if (input.type === 'public' && key.format === 'jwk' && !isKeyObject(key.key) && !isCryptoKey(key.key)) {
        throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_JWK', 'JWK does not contain private key material');
      }
      if (input.type !== 'private') throw invalidArgType('key', CREATE_KEY_TYPES, input);
      return input;
    }
    return new PrivateKeyObject(handleOf(host.keyImport(true, input.bytes, input.format, input.type, input.pass)));
  }
  function createPublicKey(key) {
    const input = asymmetricInput(key, false, 'key', CREATE_KEY_TYPES);
    if (isKeyObject(input)) {
      if (input.type === 'private') return new PublicKeyObject(handleOf(host.keyPublicOf(input[kKeyData])));
      if (input.type === 'public') return input;
      throw invalidArgType('key', CREATE_KEY_TYPES, input);
    }
    return new PublicKeyObject(handleOf(host.keyImport(false, input.bytes, input.format, input.type, input.pass)));
  }
  // A private key's PKCS#8 from anything sign() and privateDecrypt() take.
  function privateDer(key, name = 'key') {
    const input = asymmetricInput(key, true, name);
    if (isKeyObject(input)) {
      if (input.type !== 'private') throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE', `Invalid key object type ${input.type}, expected private.`);
      return input;
    }
    return new PrivateKeyObject(handleOf(host.keyImport(true, input.bytes, input.format, input.type, input.pass)));
  }
  // A public key's SPKI from anything verify() and publicEncrypt() take
  // (a private key gives its public half).
  function publicDer(key, name = 'key') {
    const input = asymmetricInput(key, false, name);
    if (isKeyObject(input)) {
      if (input.type === 'secret') throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_KEY_OBJECT_TYPE', 'Invalid key object type secret, expected public.');
      return input.type === 'private' ? new PublicKeyObject(handleOf(host.keyPublicOf(input[kKeyData]))) : input;
    }
    return new PublicKeyObject(handleOf(host.keyImport(false, input.bytes, input.format, input.type, input.pass)));
  }

  // generateKeyPair(type, options, callback) / generateKeyPairSync.
  function keyPairArgs(type, options) {
    if (typeof type !== 'string') throw invalidArgType('type', 'string', type);
    if (options !== undefined && (options === null || typeof options !== 'object')) throw invalidArgType('options', 'object', options);
    const o = options || {};
    let args;
    if (type === 'rsa') {
      checkInt32(o.modulusLength, 'options.modulusLength', 0);
      let e = 0x10001;
      if (o.publicExponent !== undefined) { checkInt32(o.publicExponent, 'options.publicExponent', 0, 2 ** 32 - 1); e = o.publicExponent; }
      args = ['rsa', o.modulusLength, e, ''];
    } else if (type === 'ec') {
      if (typeof o.namedCurve !== 'string') throw invalidArgType('options.namedCurve', 'string', o.namedCurve);
      if (!['P-256', 'prime256v1', 'secp256r1', 'P-384', 'secp384r1'].includes(o.namedCurve)) throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_CURVE', 'Invalid EC curve name');
      args = ['ec', 0, 0, o.namedCurve];
    } else if (type === 'ed25519' || type === 'x25519') {
      args = [type, 0, 0, ''];
    } else {
      throw invalidArgValue('type', type, 'must be a supported key type');
    }
    const enc = (which, isPrivate) => {
      const e = o[which];
      if (e === undefined) return null;
      if (e === null || typeof e !== 'object') throw invalidArgValue(`options.${which}`, e);
      if (e.format === 'jwk') return e;
      if (e.format !== 'pem' && e.format !== 'der') throw invalidArgValue(`options.${which}.format`, e.format);
      const types = isPrivate ? ['pkcs1', 'pkcs8', 'sec1'] : ['pkcs1', 'spki'];
      if (!types.includes(e.type)) throw invalidArgValue(`options.${which}.type`, e.type);
      return e;
    };
    return { args, pubEnc: enc('publicKeyEncoding', false), privEnc: enc('privateKeyEncoding', true) };
  }
  function splitPair(bytes) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const a = view.getUint32(0, true);
    const priv = bytes.slice(4, 4 + a);
    const b = view.getUint32(4 + a, true);
    const pub = bytes.slice(8 + a, 8 + a + b);
    return [priv, pub];
  }
  function finishPair(bytes, pubEnc, privEnc) {
    const [priv, pub] = splitPair(bytes);
    const privateKey = new PrivateKeyObject(handleOf(priv));
    const publicKey = new PublicKeyObject(handleOf(pub));
    return {
      publicKey: pubEnc ? publicKey.export(pubEnc) : publicKey,
      privateKey: privEnc ? privateKey.export(privEnc) : privateKey,
    };
  }
  function generateKeyPairSync(type, options) {
    const { args, pubEnc, privEnc } = keyPairArgs(type, options);
    return finishPair(host.runSync('generateKeyPair', args), pubEnc, privEnc);
  }
  function generateKeyPair(type, options, callback) {
    if (typeof options === 'function') { callback = options; options = undefined; }
    validateFunction(callback, 'callback');
    const { args, pubEnc, privEnc } = keyPairArgs(type, options);
    host.runAsync('generateKeyPair', args, (err, bytes) => {
      if (err) return callback(err);
      let pair;
      try { pair = finishPair(bytes, pubEnc, privEnc); } catch (e) { return callback(e); }
      callback(null, pair.publicKey, pair.privateKey);
    });
  }
  // generateKey('hmac' | 'aes', { length }): a secret key of random bits.
  function secretKeyArgs(type, options) {
    if (typeof type !== 'string') throw invalidArgType('type', 'string', type);
    if (options === null || typeof options !== 'object') throw invalidArgType('options', 'object', options);
    const { length } = options;
    if (type === 'hmac') checkInt32(length, 'options.length', 8, 2 ** 31 - 1);
    else if (type === 'aes') {
      if (![128, 192, 256].includes(length)) throw invalidArgValue('options.length', length, 'must be one of: 128, 192, 256');
    } else throw invalidArgValue('type', type, "must be a supported key type");
    return length >>> 3;
  }
  const generateKeySync = (type, options) => new SecretKeyObject(handleOf(host.runSync('random', [secretKeyArgs(type, options)])));
  function generateKey(type, options, callback) {
    const n = secretKeyArgs(type, options);
    validateFunction(callback, 'callback');
    host.runAsync('random', [n], (err, bytes) => (err ? callback(err) : callback(null, new SecretKeyObject(handleOf(bytes)))));
  }

  // ---------------------------------------------------------------- signatures
  const constants = {
    RSA_PKCS1_PADDING: 1, RSA_NO_PADDING: 3, RSA_PKCS1_OAEP_PADDING: 4, RSA_X931_PADDING: 5, RSA_PKCS1_PSS_PADDING: 6,
    RSA_PSS_SALTLEN_DIGEST: -1, RSA_PSS_SALTLEN_MAX_SIGN: -2, RSA_PSS_SALTLEN_AUTO: -2,
    POINT_CONVERSION_COMPRESSED: 2, POINT_CONVERSION_UNCOMPRESSED: 4, POINT_CONVERSION_HYBRID: 6,
  };
  // The padding, salt length and DSA encoding a key argument carries.
  function signOptions(key, forVerify) {
    let padding, saltLength, dsaEncoding = 'der';
    if (key !== null && typeof key === 'object' && !isKeyObject(key) && !isView(key)) {
      if (key.padding !== undefined) { checkInt32(key.padding, 'key.padding', -2147483648); padding = key.padding; }
      if (key.saltLength !== undefined) { checkInt32(key.saltLength, 'key.saltLength', -2147483648); saltLength = key.saltLength; }
      if (key.dsaEncoding !== undefined) {
        if (key.dsaEncoding !== 'der' && key.dsaEncoding !== 'ieee-p1363') throw invalidArgValue('options.dsaEncoding', key.dsaEncoding);
        dsaEncoding = key.dsaEncoding;
      }
    }
    const pss = padding === constants.RSA_PKCS1_PSS_PADDING ? (saltLength === undefined ? -2 : saltLength) : null;
    return { pss, p1363: dsaEncoding === 'ieee-p1363', forVerify };
  }
  function signArgs(algorithm, data, key) {
    const k = privateDer(key);
    const o = signOptions(key, false);
    return [k[kKeyData], data, algorithm === undefined || algorithm === null ? null : algorithm, o.pss, o.p1363];
  }
  // https://nodejs.org/api/crypto.html#cryptosignalgorithm-data-key-callback
  function sign(algorithm, data, key, callback) {
    if (algorithm !== null && algorithm !== undefined && typeof algorithm !== 'string') throw invalidArgType('algorithm', 'string', algorithm);
    if (callback !== undefined) validateFunction(callback, 'callback');
    const bytes = dataBytesStrict(data);
    if (!key) throw nodeError(Error, 'ERR_CRYPTO_SIGN_KEY_REQUIRED', 'No key provided to sign');
    const args = signArgs(algorithm, bytes, key);
    checkJobDigest(algorithm);
    if (callback === undefined) return toBuffer(host.runSync('sign', args));
    host.runAsync('sign', args, (err, sig) => (err ? callback(err) : callback(null, toBuffer(sig))));
  }
  // The digest a SignJob is made with, looked up when the job is made (after
  // the key), even when a callback is given (src/crypto/crypto_sig.cc,
  // SignConfiguration: "Invalid digest: NAME").
  function checkJobDigest(algorithm) {
    if (algorithm !== undefined && algorithm !== null && !host.hasDigest(algorithm)) {
      throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', `Invalid digest: ${algorithm}`);
    }
  }
  const dataBytesStrict = (data) => toBytes(data, 'data', 'utf8', ['ArrayBuffer', 'Buffer', 'TypedArray', 'DataView']);
  function verifyArgs(algorithm, data, key, signature) {
    const k = publicDer(key);
    const o = signOptions(key, true);
    return [k[kKeyData], data, signature, algorithm === undefined || algorithm === null ? null : algorithm, o.pss, o.p1363];
  }
  function verify(algorithm, data, key, signature, callback) {
    if (algorithm !== null && algorithm !== undefined && typeof algorithm !== 'string') throw invalidArgType('algorithm', 'string', algorithm);
    if (callback !== undefined) validateFunction(callback, 'callback');
    const bytes = dataBytesStrict(data);
    const sig = toBytes(signature, 'signature', 'utf8', ['ArrayBuffer', 'Buffer', 'TypedArray', 'DataView']);
    if (!key) throw nodeError(Error, 'ERR_CRYPTO_SIGN_KEY_REQUIRED', 'No key provided to sign');
    const args = verifyArgs(algorithm, bytes, key, sig);
    checkJobDigest(algorithm);
    if (callback === undefined) return host.runSync('verify', args)[0] === 1;
    host.runAsync('verify', args, (err, r) => (err ? callback(err) : callback(null, r[0] === 1)));
  }
  // Sign and Verify (https://nodejs.org/api/crypto.html#class-sign): Writable
  // streams gathering the data; the digest name is checked at creation.
  const kSign = Symbol('jsloop.crypto.sign');
  function makeSignVerify(self, algorithm, options) {
    if (typeof algorithm !== 'string') throw invalidArgType('algorithm', 'string', algorithm);
    if (!host.hasDigest(algorithm)) throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', 'Invalid digest');
    self[kSign] = { algorithm, chunks: [] };
    stream().Writable.call(self, options);
  }
  function signUpdate(data, encoding) {
    this[kSign].chunks.push(Buffer.from(dataBytes(data, encoding)));
    return this;
  }
  function Sign(algorithm, options) {
    if (!(this instanceof Sign)) return new Sign(algorithm, options);
    makeSignVerify(this, algorithm, options);
  }
  function Verify(algorithm, options) {
    if (!(this instanceof Verify)) return new Verify(algorithm, options);
    makeSignVerify(this, algorithm, options);
  }
  let signProtosReady = false;
  function signProtos() {
    if (signProtosReady) return;
    signProtosReady = true;
    for (const C of [Sign, Verify]) {
      Object.setPrototypeOf(C.prototype, stream().Writable.prototype);
      Object.setPrototypeOf(C, stream().Writable);
      C.prototype._write = function _write(chunk, encoding, callback) { this.update(chunk, encoding); callback(); };
      C.prototype.update = signUpdate;
    }
    Sign.prototype.sign = function sign_(privateKey, outputEncoding) {
      if (!privateKey) throw nodeError(Error, 'ERR_CRYPTO_SIGN_KEY_REQUIRED', 'No key provided to sign');
      const k = privateDer(privateKey);
      if (k.asymmetricKeyType === 'ed25519') throw nodeError(Error, 'ERR_CRYPTO_UNSUPPORTED_OPERATION', 'Unsupported crypto operation');
      const o = signOptions(privateKey, false);
      const s = this[kSign];
      const sig = host.runSync('sign', [k[kKeyData], Buffer.concat(s.chunks), s.algorithm, o.pss, o.p1363]);
      return encodeResult(sig, outputEncoding);
    };
    Verify.prototype.verify = function verify_(object, signature, sigEncoding) {
      if (!object) throw invalidArgType('key', ASYM_KEY_TYPES, object);
      const k = publicDer(object);
      if (k.asymmetricKeyType === 'ed25519') throw nodeError(Error, 'ERR_CRYPTO_UNSUPPORTED_OPERATION', 'Unsupported crypto operation');
      const o = signOptions(object, true);
      const sig = toBytes(signature, 'signature', sigEncoding, ['ArrayBuffer', 'Buffer', 'TypedArray', 'DataView']);
      const s = this[kSign];
      return host.runSync('verify', [k[kKeyData], Buffer.concat(s.chunks), sig, s.algorithm, o.pss, o.p1363])[0] === 1;
    };
  }
  const createSign = (algorithm, options) => { signProtos(); return new Sign(algorithm, options); };
  const createVerify = (algorithm, options) => { signProtos(); return new Verify(algorithm, options); };

  // ---------------------------------------------------------------- RSA encryption
  // An OpenSSL error of Node's shape: a plain Error `error:CODE:LIBRARY::reason`
  // with its library, reason and code (src/crypto/crypto_util.cc's order).
  function osslError(code, packed, library, reason) {
    const e = new Error(`error:${packed}:${library}::${reason}`);
    e.library = library;
    e.reason = reason;
    e.code = code;
    return e;
  }
  // publicEncrypt and privateDecrypt (OAEP by default) and privateEncrypt
  // and publicDecrypt (PKCS#1 v1.5 block type 1 by default, or no padding),
  // as Node's rsaFunctionFor (lib/internal/crypto/cipher.js) makes them.
  function rsaCrypt(decrypt, usePrivate, key, buffer) {
    const k = usePrivate ? privateDer(key) : publicDer(key);
    const signatureStyle = usePrivate !== decrypt;
    let padding = signatureStyle ? constants.RSA_PKCS1_PADDING : constants.RSA_PKCS1_OAEP_PADDING, oaepHash = 'sha1', label = null;
    if (key !== null && typeof key === 'object' && !isKeyObject(key) && !isView(key)) {
      if (key.padding !== undefined) padding = key.padding;
      if (key.oaepHash !== undefined) { if (typeof key.oaepHash !== 'string') throw invalidArgType('key.oaepHash', 'string', key.oaepHash); oaepHash = key.oaepHash; }
      if (key.oaepLabel !== undefined) label = toBytes(key.oaepLabel, 'key.oaepLabel');
    }
    // A named oaepHash is looked up whatever the padding (src/crypto/crypto_cipher.cc,
    // PublicKeyCipher::Cipher: ERR_OSSL_EVP_INVALID_DIGEST, "Invalid digest used").
    if (key?.oaepHash !== undefined && !host.hasDigest(oaepHash)) throw nodeError(Error, 'ERR_OSSL_EVP_INVALID_DIGEST', 'Invalid digest used');
    // (The paddings OpenSSL 3 refuses, with its errors as Node 24 shows them.)
    if (signatureStyle && padding !== constants.RSA_PKCS1_PADDING && padding !== constants.RSA_NO_PADDING) {
      if (padding === constants.RSA_X931_PADDING) throw osslError('ERR_OSSL_INVALID_X931_DIGEST', '1C8000AA', 'Provider routines', 'invalid x931 digest');
      if (padding === constants.RSA_PKCS1_PSS_PADDING && usePrivate) throw osslError('ERR_OSSL_INVALID_DIGEST_LENGTH', '1C8000A6', 'Provider routines', 'invalid digest length');
      throw osslError('ERR_OSSL_ILLEGAL_OR_UNSUPPORTED_PADDING_MODE', '1C8000A5', 'Provider routines', 'illegal or unsupported padding mode');
    }
    if (!signatureStyle && padding !== constants.RSA_PKCS1_OAEP_PADDING && padding !== constants.RSA_PKCS1_PADDING) {
      throw osslError('ERR_OSSL_RSA_UNKNOWN_PADDING_TYPE', '02000076', 'rsa routines', 'unknown padding type');
    }
    const data = toBytes(buffer, 'buffer', 'utf8', ['string', 'ArrayBuffer', 'Buffer', 'TypedArray', 'DataView']);
    if (signatureStyle) return toBuffer(host.runSync('rsaRaw', [k[kKeyData], data, usePrivate, padding === constants.RSA_NO_PADDING]));
    const oaep = padding === constants.RSA_PKCS1_OAEP_PADDING ? oaepHash : null;
    return toBuffer(host.runSync('rsa', [k[kKeyData], data, decrypt, oaep, label]));
  }
  // (Anonymous, as Node's.)
  const rsaFunctionFor = (decrypt, usePrivate) => (key, buffer) => rsaCrypt(decrypt, usePrivate, key, buffer);
  const publicEncrypt = rsaFunctionFor(false, false);
  const privateDecrypt = rsaFunctionFor(true, true);
  const privateEncrypt = rsaFunctionFor(false, true);
  const publicDecrypt = rsaFunctionFor(true, false);

  // ---------------------------------------------------------------- ECDH
  // https://nodejs.org/api/crypto.html#class-ecdh (P-256 and P-384).
  const CURVES = { prime256v1: 'P-256', secp256r1: 'P-256', secp384r1: 'P-384' };
  const getCurves = () => ['prime256v1', 'secp384r1'];
  function pointOut(bytes, encoding) { return encodeResult(bytes, encoding); }
  class ECDH {
    constructor(curve) {
      if (typeof curve !== 'string') throw invalidArgType('curve', 'string', curve);
      if (!CURVES[curve]) throw nodeError(TypeError, 'ERR_CRYPTO_INVALID_CURVE', 'Invalid EC curve name');
      this._curve = CURVES[curve];
      this._priv = null;
    }
    generateKeys(encoding, format) {
      const [priv] = splitPair(host.runSync('generateKeyPair', ['ec', 0, 0, this._curve]));
      this._priv = priv;
      return this.getPublicKey(encoding, format);
    }
    getPublicKey(encoding, format) {
      if (!this._priv) throw nodeError(Error, 'ERR_CRYPTO_OPERATION_FAILED', 'Failed to get ECDH public key');
      return pointOut(host.keyRaw(host.keyPublicOf(this._priv), false, format === 'compressed'), encoding);
    }
    getPrivateKey(encoding) {
      if (!this._priv) throw nodeError(Error, 'ERR_CRYPTO_OPERATION_FAILED', 'Failed to get ECDH private key');
      return pointOut(host.keyRaw(this._priv, true, false), encoding);
    }
    setPrivateKey(key, encoding) {
      this._priv = host.keyFromRaw(this._curve, toBytes(key, 'key', encoding), true);
      return this;
    }
    computeSecret(key, inputEncoding, outputEncoding) {
      const point = toBytes(key, 'key', inputEncoding);
      let spki;
      try { spki = host.keyFromRaw(this._curve, point, false); } catch (e) {
        throw nodeError(Error, 'ERR_CRYPTO_ECDH_INVALID_PUBLIC_KEY', 'Public key is not valid for specified curve');
      }
      return encodeResult(host.runSync('ecdh', [this._priv, spki]), outputEncoding);
    }
  }
  const createECDH = (curve) => new ECDH(curve);
  // crypto.diffieHellman({ privateKey, publicKey }) for EC and X25519 keys.
  function diffieHellman(options, callback) {
    if (options === null || typeof options !== 'object') throw invalidArgType('options', 'object', options);
    const { privateKey, publicKey } = options;
    if (!isKeyObject(privateKey) || privateKey.type !== 'private') throw invalidArgType('options.privateKey', 'KeyObject', privateKey);
    if (!isKeyObject(publicKey) || publicKey.type === 'secret') throw invalidArgType('options.publicKey', 'KeyObject', publicKey);
    const pub = publicKey.type === 'private' ? host.keyPublicOf(publicKey[kKeyData]) : publicKey[kKeyData];
    const args = [privateKey[kKeyData], pub];
    if (callback === undefined) return toBuffer(host.runSync('ecdh', args));
    validateFunction(callback, 'callback');
    host.runAsync('ecdh', args, (err, s) => (err ? callback(err) : callback(null, toBuffer(s))));
  }

  // The Web Crypto API (webcrypto.js): its jobs run on the thread pool and
  // settle their promises in the poll phase, as Node's crypto jobs do.
  const wc = internals.webcryptoFactory()({
    host,
    run: (op, args) => new Promise((resolve, reject) => host.runAsync(op, args, (err, bytes) => (err ? reject(err) : resolve(bytes)))),
    DOMException: internals.global.DOMException,
    typeError: (code, message) => nodeError(TypeError, code, message),
  });
  const webcrypto = wc.crypto;
  Object.defineProperties(wc.Crypto.prototype, {
    getRandomValues: { value: function getRandomValues_(array) { return getRandomValues.apply(this, arguments); }, enumerable: true, writable: true, configurable: true },
    randomUUID: { value: () => randomUUID(), enumerable: true, writable: true, configurable: true },
  });
  // A CryptoKey's KeyObject (KeyObject.from).
  function keyObjectOf(key) {
    const m = wc.keyMaterial(key);
    const handle = handleOf(m.data);
    return m.type === 'secret' ? new SecretKeyObject(handle) : m.type === 'public' ? new PublicKeyObject(handle) : new PrivateKeyObject(handle);
  }

  return {
    Hash, Hmac, createHash, createHmac, hash, getHashes,
    pbkdf2, pbkdf2Sync, hkdf, hkdfSync, scrypt, scryptSync,
    randomBytes, pseudoRandomBytes: randomBytes, randomFill, randomFillSync, randomInt, randomUUID,
    getRandomValues: (array) => getRandomValues(array), timingSafeEqual, webcrypto, subtle: wc.subtle,
    [Symbol.for('jsloop.webcrypto')]: wc,
    Cipheriv, Decipheriv, createCipheriv, createDecipheriv, getCiphers, getCipherInfo,
    KeyObject, createSecretKey, createPrivateKey, createPublicKey, generateKeyPair, generateKeyPairSync, generateKey, generateKeySync,
    Sign, Verify, createSign, createVerify, sign, verify, publicEncrypt, privateDecrypt, privateEncrypt, publicDecrypt,
    ECDH, createECDH, getCurves, diffieHellman,
    constants,
    getFips: () => 0,
  };
})

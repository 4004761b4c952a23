// jsloop glue: the Web Cryptography API's SubtleCrypto and CryptoKey
// (https://w3c.github.io/webcrypto/), over the host's primitives
// (crates/jsloop-runtime/src/crypto/). A factory any host can call:
// `deps.host` has the crypto host functions (keyImport, keyExport, keyJwk,
// keyInfo, keyFromJwk, keyFromRaw, keyRaw, keyPublicOf, fillRandom),
// `deps.run(op, args)` runs one job and gives a promise of its bytes (the
// node host runs it on the thread pool and settles the promise in the poll
// phase, as Node's crypto jobs do) or `deps.runSync(op, args)` gives the
// bytes at once (the browser host: Chromium settles SubtleCrypto's promises
// before the method returns, not in a later task), `deps.DOMException` is
// the realm's.
//
// Each method's steps are a generator that yields the jobs it needs
// ([op, args]); `drive` runs it on the host's terms and gives the promise.
(function (deps) {
  'use strict';
  const { host, DOMException } = deps;
  function drive(gen) {
    if (deps.runSync) {
      // At once: the promise is settled when the method returns.
      let method = 'next', arg;
      try {
        for (;;) {
          const r = gen[method](arg);
          if (r.done) return Promise.resolve(r.value);
          try { arg = deps.runSync(r.value[0], r.value[1]); method = 'next'; } catch (e) { arg = e; method = 'throw'; }
        }
      } catch (e) {
        return Promise.reject(e);
      }
    }
    return new Promise((resolve, reject) => {
      const step = (method, arg) => {
        let r;
        try { r = gen[method](arg); } catch (e) { return reject(e); }
        if (r.done) return resolve(r.value);
        deps.run(r.value[0], r.value[1]).then((v) => step('next', v), (e) => step('throw', e));
      };
      step('next');
    });
  }
  // A TypeError with the host's code (Node's ERR_* codes; none in a browser).
  const typeError = (code, message) => deps.typeError(code, message);
  const ORDINALS = ['1st', '2nd', '3rd', '4th', '5th'];

  const kSlots = Symbol('jsloop.webcrypto.slots');
  let constructing = false;
  const domError = (name, message) => new DOMException(message, name);
  const notSupported = () => domError('NotSupportedError', 'Unrecognized algorithm name');
  const invalidAccess = (message) => domError('InvalidAccessError', message);
  const dataError = (message) => domError('DataError', message);
  const operationError = (message = 'The operation failed for an operation-specific reason') => domError('OperationError', message);
  const syntaxError = (message) => domError('SyntaxError', message);

  // A BufferSource's bytes, copied (the spec's "get a copy of the bytes
  // held by the buffer source").
  function bytes(source, what = 'data', method = 'operation', ordinal = 0) {
    if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer.slice(source.byteOffset, source.byteOffset + source.byteLength));
    if (source instanceof ArrayBuffer) return new Uint8Array(source.slice(0));
    const where = ordinal ? `${ORDINALS[ordinal - 1]} argument` : `'${what}'`;
    throw typeError('ERR_INVALID_ARG_TYPE', `Failed to execute '${method}' on 'SubtleCrypto': ${where} is not instance of ArrayBuffer, Buffer, TypedArray, or DataView.`);
  }
  const arrayBuffer = (u8) => u8.buffer.slice(u8.byteOffset, u8.byteOffset + u8.byteLength);
  const b64url = (u8) => {
    let s = '';
    for (let i = 0; i < u8.length; i++) s += String.fromCharCode(u8[i]);
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  };
  const fromB64url = (text) => {
    const s = atob(String(text).replace(/-/g, '+').replace(/_/g, '/'));
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  };

  // https://w3c.github.io/webcrypto/#cryptokey-interface
  class CryptoKey {
    constructor() {
      if (!constructing) throw typeError('ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
    }
    get type() { return this[kSlots].type; }
    get extractable() { return this[kSlots].extractable; }
    get algorithm() { return this[kSlots].algorithm; }
    get usages() { return [...this[kSlots].usages]; }
  }
  Object.defineProperty(CryptoKey.prototype, Symbol.toStringTag, { value: 'CryptoKey', configurable: true });
  // A new CryptoKey: its [[type]], [[extractable]], [[algorithm]],
  // [[usages]] and the key material (secret bytes, PKCS#8 or SPKI DER).
  function makeKey(type, extractable, algorithm, usages, data) {
    constructing = true;
    let key;
    try { key = new CryptoKey(); } finally { constructing = false; }
    key[kSlots] = { type, extractable, algorithm: Object.freeze(algorithm), usages: Object.freeze([...usages]), data };
    return key;
  }
  const isCryptoKey = (k) => k !== null && typeof k === 'object' && k[kSlots] !== undefined;

  // ---------------------------------------------------------------- algorithms
  const HASHES = { 'SHA-1': ['sha1', 512], 'SHA-256': ['sha256', 512], 'SHA-384': ['sha384', 1024], 'SHA-512': ['sha512', 1024] };
  // The registered algorithm names, by operation (the spec's "supported
  // algorithms"), in their canonical case.
  const OPS = {
    digest: ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'],
    generateKey: ['HMAC', 'AES-GCM', 'AES-CBC', 'AES-CTR', 'ECDSA', 'ECDH', 'Ed25519', 'X25519', 'RSASSA-PKCS1-v1_5', 'RSA-PSS', 'RSA-OAEP'],
    importKey: ['HMAC', 'AES-GCM', 'AES-CBC', 'AES-CTR', 'ECDSA', 'ECDH', 'Ed25519', 'X25519', 'RSASSA-PKCS1-v1_5', 'RSA-PSS', 'RSA-OAEP', 'PBKDF2', 'HKDF'],
    sign: ['HMAC', 'ECDSA', 'Ed25519', 'RSASSA-PKCS1-v1_5', 'RSA-PSS'],
    encrypt: ['AES-GCM', 'AES-CBC', 'AES-CTR', 'RSA-OAEP'],
    deriveBits: ['PBKDF2', 'HKDF', 'ECDH', 'X25519'],
  };
  OPS.verify = OPS.sign;
  OPS.decrypt = OPS.encrypt;
  OPS.exportKey = OPS.importKey;
  OPS['get key length'] = ['HMAC', 'AES-GCM', 'AES-CBC', 'AES-CTR', 'PBKDF2', 'HKDF'];
  // https://w3c.github.io/webcrypto/#algorithm-normalization-normalize-an-algorithm
  function normalize(algorithm, op) {
    // Step 1. A string is { name: alg }.
    if (typeof algorithm === 'string') return normalize({ name: algorithm }, op);
    if (algorithm === null || typeof algorithm !== 'object') throw new TypeError('Algorithm: the algorithm must be an object or a string');
    if (algorithm.name === undefined) throw new TypeError("Algorithm: the 'name' member is required");
    // Steps 2-5. The registered name, matched case-insensitively.
    const wanted = String(algorithm.name).toUpperCase();
    const name = OPS[op].find((n) => n.toUpperCase() === wanted);
    if (name === undefined) throw notSupported();
    const out = { ...algorithm, name };
    // The dictionary members that are algorithms are normalized too.
    if (out.hash !== undefined) out.hash = normalize(out.hash, 'digest');
    return out;
  }
  const hashOf = (alg) => HASHES[alg.hash.name][0];
  const hashName = (h) => (typeof h === 'string' ? normalize(h, 'digest').name : h.name);

  function checkUsages(usages, allowed, kind) {
    for (const u of usages) {
      if (!allowed.includes(u)) throw syntaxError(`Unsupported key usage for ${kind === 'PBKDF2' || kind === 'HKDF' ? 'a ' : ''}${kind} key`);
    }
  }
  const SECRET_USAGES = {
    HMAC: ['sign', 'verify'],
    'AES-GCM': ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'],
    'AES-CBC': ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'],
    'AES-CTR': ['encrypt', 'decrypt', 'wrapKey', 'unwrapKey'],
    PBKDF2: ['deriveKey', 'deriveBits'],
    HKDF: ['deriveKey', 'deriveBits'],
  };
  // Usages each half of a pair may have: [public, private].
  const PAIR_USAGES = {
    ECDSA: [['verify'], ['sign']],
    Ed25519: [['verify'], ['sign']],
    'RSASSA-PKCS1-v1_5': [['verify'], ['sign']],
    'RSA-PSS': [['verify'], ['sign']],
    'RSA-OAEP': [['encrypt', 'wrapKey'], ['decrypt', 'unwrapKey']],
    ECDH: [[], ['deriveKey', 'deriveBits']],
    X25519: [[], ['deriveKey', 'deriveBits']],
  };
  const CURVES = ['P-256', 'P-384'];
  const usagesList = (usages) => {
    if (usages === null || typeof usages !== 'object' || typeof usages[Symbol.iterator] !== 'function') throw new TypeError("Failed to execute: The provided value cannot be converted to a sequence.");
    return [...new Set([...usages].map(String))];
  };

  // The key's algorithm dictionary from its DER (RSA's modulus and
  // exponent, EC's curve).
  function asymmetricAlgorithm(alg, info) {
    if (alg.name.startsWith('RSA')) {
      const hex = info.publicExponent.length % 2 ? `0${info.publicExponent}` : info.publicExponent;
      const exponent = new Uint8Array(hex.match(/../g).map((h) => parseInt(h, 16)));
      return { name: alg.name, modulusLength: info.modulusLength, publicExponent: exponent, hash: { name: alg.hash.name } };
    }
    if (alg.name === 'ECDSA' || alg.name === 'ECDH') return { name: alg.name, namedCurve: curveName(info.namedCurve) };
    return { name: alg.name };
  }
  const curveName = (openssl) => (openssl === 'prime256v1' ? 'P-256' : openssl === 'secp384r1' ? 'P-384' : openssl);
  // The kind of host key an algorithm needs.
  function expectedType(alg) {
    if (alg.name.startsWith('RSA')) return 'rsa';
    if (alg.name === 'Ed25519') return 'ed25519';
    if (alg.name === 'X25519') return 'x25519';
    return 'ec';
  }
  function checkKeyMatches(alg, info) {
    if (info.type !== expectedType(alg)) throw dataError('Invalid key type');
    if ((alg.name === 'ECDSA' || alg.name === 'ECDH') && curveName(info.namedCurve) !== alg.namedCurve) throw dataError('Named curve mismatch');
  }

  // ---------------------------------------------------------------- SubtleCrypto
  function checkThis(self) {
    if (!(self instanceof SubtleCrypto)) throw new TypeError('Illegal invocation');
  }
  function needKey(key, what) {
    if (!isCryptoKey(key)) throw new TypeError(`Failed to execute: parameter '${what}' is not of type 'CryptoKey'.`);
    return key[kSlots];
  }
  function checkOp(slots, alg, usage) {
    if (alg.name !== slots.algorithm.name) throw invalidAccess('Key algorithm mismatch');
    if (!slots.usages.includes(usage)) throw invalidAccess(`Unable to use this key to ${usage}`);
  }
  function argCount(args, n, method) {
    if (args.length < n) throw typeError('ERR_MISSING_ARGS', `Failed to execute '${method}' on 'SubtleCrypto': ${n} arguments required, but only ${args.length} present.`);
  }
  function defaultLength(alg) {
    if (alg.name === 'HMAC') return alg.length !== undefined ? alg.length : HASHES[alg.hash.name][1];
    if (alg.name.startsWith('AES')) {
      if (![128, 192, 256].includes(alg.length)) throw operationError('AES key length must be 128, 192, or 256 bits');
      return alg.length;
    }
    return null;
  }

  class SubtleCrypto {
    constructor() {
      if (!constructing) throw typeError('ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
    }

    // https://w3c.github.io/webcrypto/#SubtleCrypto-method-digest
    digest(algorithm, data) {
      const args = arguments;
      return drive(function* () {
        checkThis(this);
        argCount(args, 2, 'digest');
        // Step 2. A copy of data.
        const d = bytes(data, 'data', 'digest', 2);
        // Step 3. Normalize for "digest".
        const alg = normalize(algorithm, 'digest');
        // Steps 6-9. The digest, on the pool; the promise settles in a task.
        return arrayBuffer(yield ['digest', [HASHES[alg.name][0], d]]);
      }.call(this));
    }

    // https://w3c.github.io/webcrypto/#SubtleCrypto-method-generateKey
    generateKey(algorithm, extractable, keyUsages) {
      const args = arguments;
      return drive(function* () {
        checkThis(this);
        argCount(args, 3, 'generateKey');
        const usages = usagesList(keyUsages);
        const alg = normalize(algorithm, 'generateKey');
        extractable = Boolean(extractable);
        if (SECRET_USAGES[alg.name]) {
          checkUsages(usages, SECRET_USAGES[alg.name], alg.name);
          const length = defaultLength(alg);
          if (alg.name === 'HMAC' && (length === 0 || length % 8 !== 0)) throw operationError('HMAC key length must be a non-zero multiple of 8');
          const data = yield ['random', [length >>> 3]];
          const algo = alg.name === 'HMAC' ? { name: 'HMAC', length, hash: { name: alg.hash.name } } : { name: alg.name, length };
          if (usages.length === 0) throw syntaxError('Usages cannot be empty when creating a key.');
          return makeKey('secret', extractable, algo, usages, data);
        }
        const [pubAllowed, privAllowed] = PAIR_USAGES[alg.name];
        checkUsages(usages, [...pubAllowed, ...privAllowed], alg.name);
        let jobArgs;
        if (alg.name.startsWith('RSA')) {
          const e = bytes(alg.publicExponent, 'publicExponent');
          let exponent = 0;
          for (const b of e) exponent = exponent * 256 + b;
          if (exponent !== 3 && exponent !== 65537) throw operationError('Unsupported public exponent');
          jobArgs = ['rsa', alg.modulusLength >>> 0, exponent, ''];
        } else if (alg.name === 'Ed25519' || alg.name === 'X25519') {
          jobArgs = [alg.name.toLowerCase(), 0, 0, ''];
        } else {
          if (!CURVES.includes(alg.namedCurve)) throw notSupported();
          jobArgs = ['ec', 0, 0, alg.namedCurve];
        }
        const pair = yield ['generateKeyPair', jobArgs];
        const view = new DataView(pair.buffer, pair.byteOffset, pair.byteLength);
        const a = view.getUint32(0, true);
        const priv = pair.slice(4, 4 + a);
        const pub = pair.slice(8 + a);
        const algo = asymmetricAlgorithm(alg, host.keyInfo(pub, false));
        const privUsages = usages.filter((u) => privAllowed.includes(u));
        if (privUsages.length === 0) throw syntaxError('Usages cannot be empty when creating a key.');
        return {
          publicKey: makeKey('public', true, algo, usages.filter((u) => pubAllowed.includes(u)), pub),
          privateKey: makeKey('private', extractable, { ...algo }, privUsages, priv),
        };
      }.call(this));
    }

    // https://w3c.github.io/webcrypto/#SubtleCrypto-method-importKey
    importKey(format, keyData, algorithm, extractable, keyUsages) {
      return drive(importKeySteps(this, arguments, format, keyData, algorithm, extractable, keyUsages));
    }

    // https://w3c.github.io/webcrypto/#SubtleCrypto-method-exportKey
    exportKey(format, key) {
      const args = arguments;
      return drive(function* () {
        checkThis(this);
        argCount(args, 2, 'exportKey');
        const slots = needKey(key, 'key');
        if (!['raw', 'jwk', 'spki', 'pkcs8'].includes(format)) throw typeError('ERR_INVALID_ARG_VALUE', `Failed to execute 'exportKey' on 'SubtleCrypto': 1st argument '${format}' is not a valid enum value of type KeyFormat.`);
        if (!slots.extractable) throw invalidAccess('key is not extractable');
        const alg = slots.algorithm;
        if (slots.type === 'secret') {
          if (format === 'raw') return arrayBuffer(slots.data);
          if (format !== 'jwk') throw notSupported();
          const jwkAlg = alg.name === 'HMAC' ? `HS${alg.hash.name.slice(4)}` : `A${alg.length}${alg.name.slice(4)}`;
          return { key_ops: [...slots.usages], ext: slots.extractable, alg: jwkAlg, kty: 'oct', k: b64url(slots.data) };
        }
        const isPrivate = slots.type === 'private';
        if (format === 'raw') {
          if (isPrivate || alg.name.startsWith('RSA')) throw invalidAccess('Unable to export a raw key');
          return arrayBuffer(host.keyRaw(slots.data, false, false));
        }
        if (format === 'spki' || format === 'pkcs8') {
          if ((format === 'pkcs8') !== isPrivate) throw invalidAccess(`Unable to export a ${format} ${slots.type} key`);
          return arrayBuffer(host.keyExport(slots.data, isPrivate, 'der', format, undefined));
        }
        // RFC 7518, section 3.1 and 4.1; RFC 8037 for Ed25519.
        let jwkAlg;
        if (alg.name.startsWith('RSA')) {
          const bits = alg.hash.name.slice(4);
          jwkAlg = alg.name === 'RSA-OAEP' ? (bits === '1' ? 'RSA-OAEP' : `RSA-OAEP-${bits}`) : `${alg.name === 'RSA-PSS' ? 'PS' : 'RS'}${bits}`;
        } else if (alg.name === 'Ed25519') jwkAlg = 'Ed25519';
        const jwk = { key_ops: [...slots.usages], ext: slots.extractable };
        if (jwkAlg !== undefined) jwk.alg = jwkAlg;
        return Object.assign(jwk, JSON.parse(host.keyJwk(slots.data, isPrivate)));
      }.call(this));
    }

    // https://w3c.github.io/webcrypto/#SubtleCrypto-method-sign
    sign(algorithm, key, data) {
      const args = arguments;
      return drive(function* () {
        checkThis(this);
        argCount(args, 3, 'sign');
        const d = bytes(data);
        const alg = normalize(algorithm, 'sign');
        const slots = needKey(key, 'key');
        checkOp(slots, alg, 'sign');
        if (alg.name === 'HMAC') return arrayBuffer(yield ['hmac', [hashOf(slots.algorithm), slots.data, d]]);
        return arrayBuffer(yield ['sign', signArgs(alg, slots, d)]);
      }.call(this));
    }

    // https://w3c.github.io/webcrypto/#SubtleCrypto-method-verify
    verify(algorithm, key, signature, data) {
      const args = arguments;
      return drive(function* () {
        checkThis(this);
        argCount(args, 4, 'verify');
        const sig = bytes(signature, 'signature');
        const d = bytes(data);
        const alg = normalize(algorithm, 'verify');
        const slots = needKey(key, 'key');
        checkOp(slots, alg, 'verify');
        if (alg.name === 'HMAC') {
          const mac = yield ['hmac', [hashOf(slots.algorithm), slots.data, d]];
          return mac.length === sig.length && host.timingSafeEqual(mac, sig);
        }
        const [der, data_, digest, pss, p1363] = signArgs(alg, slots, d);
        return (yield ['verify', [der, data_, sig, digest, pss, p1363]])[0] === 1;
      }.call(this));
    }

    // https://w3c.github.io/webcrypto/#SubtleCrypto-method-encrypt
    encrypt(algorithm, key, data) {
      const args = arguments;
      return drive(function* () {
        checkThis(this);
        argCount(args, 3, 'encrypt');
        return yield* cryptOp(this, algorithm, key, data, false);
      }.call(this));
    }

    // https://w3c.github.io/webcrypto/#SubtleCrypto-method-decrypt
    decrypt(algorithm, key, data) {
      const args = arguments;
      return drive(function* () {
        checkThis(this);
        argCount(args, 3, 'decrypt');
        return yield* cryptOp(this, algorithm, key, data, true);
      }.call(this));
    }

    // https://w3c.github.io/webcrypto/#SubtleCrypto-method-deriveBits
    deriveBits(algorithm, baseKey, length = null) {
      const args = arguments;
      return drive(function* () {
        checkThis(this);
        argCount(args, 2, 'deriveBits');
        const alg = normalize(algorithm, 'deriveBits');
        const slots = needKey(baseKey, 'baseKey');
        checkOp(slots, alg, 'deriveBits');
        return arrayBuffer(yield* derive(alg, slots, length));
      }.call(this));
    }

    // https://w3c.github.io/webcrypto/#SubtleCrypto-method-deriveKey
    deriveKey(algorithm, baseKey, derivedKeyType, extractable, keyUsages) {
      const args = arguments;
      return drive(function* () {
        checkThis(this);
        argCount(args, 5, 'deriveKey');
        const alg = normalize(algorithm, 'deriveBits');
        const target = normalize(derivedKeyType, 'get key length');
        const slots = needKey(baseKey, 'baseKey');
        checkOp(slots, alg, 'deriveKey');
        const length = defaultLength(target);
        const secret = yield* derive(alg, slots, length);
        return yield* importKeySteps(this, [0, 0, 0, 0, 0], 'raw', secret, derivedKeyType, extractable, keyUsages);
      }.call(this));
    }
  }
  Object.defineProperty(SubtleCrypto.prototype, Symbol.toStringTag, { value: 'SubtleCrypto', configurable: true });

  // https://w3c.github.io/webcrypto/#SubtleCrypto-method-importKey
  function* importKeySteps(self, args, format, keyData, algorithm, extractable, keyUsages) {
      checkThis(self);
      argCount(args, 5, 'importKey');
      const usages = usagesList(keyUsages);
      const alg = normalize(algorithm, 'importKey');
      extractable = Boolean(extractable);
      if (!['raw', 'jwk', 'spki', 'pkcs8'].includes(format)) throw typeError('ERR_INVALID_ARG_VALUE', `Failed to execute 'importKey' on 'SubtleCrypto': 1st argument '${format}' is not a valid enum value of type KeyFormat.`);
      let jwk;
      if (format === 'jwk') {
        if (keyData === null || typeof keyData !== 'object' || ArrayBuffer.isView(keyData) || keyData instanceof ArrayBuffer) throw new TypeError('Key data must be an object for JWK import');
        jwk = keyData;
        if (jwk.ext === false && extractable) throw dataError('JWK "ext" Parameter and extractable mismatch');
        if (jwk.key_ops !== undefined && !usages.every((u) => jwk.key_ops.includes(u))) throw dataError('Key operations and usage mismatch');
      } else {
        keyData = bytes(keyData, 'keyData');
      }
      let key;
      if (SECRET_USAGES[alg.name]) {
        checkUsages(usages, SECRET_USAGES[alg.name], alg.name);
        let data;
        if (format === 'raw') data = keyData;
        else if (format === 'jwk') {
          if (jwk.kty !== 'oct') throw dataError('Invalid JWK "kty" Parameter');
          data = fromB64url(jwk.k);
        } else throw notSupported();
        if (alg.name === 'PBKDF2' || alg.name === 'HKDF') {
          if (extractable) throw syntaxError(`${alg.name} keys are not extractable`);
          key = makeKey('secret', false, { name: alg.name }, usages, data);
        } else if (alg.name === 'HMAC') {
          let length = data.length * 8;
          if (alg.length !== undefined) {
            if (alg.length > length || alg.length <= length - 8) throw dataError('Invalid key length');
            length = alg.length;
          }
          if (length === 0) throw dataError('Zero-length key is not supported');
          key = makeKey('secret', extractable, { name: 'HMAC', length, hash: { name: alg.hash.name } }, usages, data);
        } else {
          if (![16, 24, 32].includes(data.length)) throw dataError('Invalid key length');
          key = makeKey('secret', extractable, { name: alg.name, length: data.length * 8 }, usages, data);
        }
        if (usages.length === 0) throw syntaxError('Usages cannot be empty when creating a key.');
        return key;
      }
      const [pubAllowed, privAllowed] = PAIR_USAGES[alg.name];
      let isPrivate, der;
      if (format === 'raw') {
        const okp = alg.name === 'Ed25519' || alg.name === 'X25519';
        if (alg.name !== 'ECDSA' && alg.name !== 'ECDH' && !okp) throw notSupported();
        if (!okp && !CURVES.includes(alg.namedCurve)) throw notSupported();
        isPrivate = false;
        try { der = host.keyFromRaw(okp ? alg.name : alg.namedCurve, keyData, false); } catch (e) { throw dataError('Invalid keyData'); }
      } else if (format === 'jwk') {
        isPrivate = jwk.d !== undefined;
        try { der = host.keyFromJwk(JSON.stringify(jwk), isPrivate); } catch (e) { throw dataError('Invalid keyData'); }
      } else {
        isPrivate = format === 'pkcs8';
        try { der = host.keyImport(isPrivate, keyData, 'der', isPrivate ? 'pkcs8' : 'spki', undefined); } catch (e) { throw dataError('Invalid keyData'); }
      }
      const info = host.keyInfo(der, isPrivate);
      checkKeyMatches(alg, info);
      checkUsages(usages, isPrivate ? privAllowed : pubAllowed, alg.name);
      if (isPrivate && usages.length === 0) throw syntaxError('Usages cannot be empty when creating a key.');
      return makeKey(isPrivate ? 'private' : 'public', extractable, asymmetricAlgorithm(alg, info), usages, der);
  }

  // The host's sign/verify arguments for an asymmetric algorithm.
  function signArgs(alg, slots, data) {
    const key = slots.algorithm;
    switch (alg.name) {
      case 'ECDSA': return [slots.data, data, hashOf(alg), null, true];
      case 'Ed25519': return [slots.data, data, null, null, false];
      case 'RSA-PSS': return [slots.data, data, hashOf(key), alg.saltLength >>> 0, false];
      default: return [slots.data, data, hashOf(key), null, false];
    }
  }

  function* cryptOp(self, algorithm, key, data, decrypt) {
    const d = bytes(data);
    const alg = normalize(algorithm, 'encrypt');
    const slots = needKey(key, 'key');
    checkOp(slots, alg, decrypt ? 'decrypt' : 'encrypt');
    const cipher = (mode) => `aes-${slots.algorithm.length}-${mode}`;
    try {
      switch (alg.name) {
        case 'AES-GCM': {
          const iv = bytes(alg.iv, 'iv');
          const tagLength = alg.tagLength === undefined ? 128 : alg.tagLength;
          if (![32, 64, 96, 104, 112, 120, 128].includes(tagLength)) throw operationError(`${tagLength} is not a valid AES-GCM tag length`);
          const aad = alg.additionalData === undefined ? null : bytes(alg.additionalData, 'additionalData');
          if (decrypt) {
            const t = tagLength >>> 3;
            if (d.length < t) throw operationError('The provided data is too small.');
            return arrayBuffer(yield ['cipher', [cipher('gcm'), slots.data, iv, true, aad, d.subarray(d.length - t), t, d.subarray(0, d.length - t)]]);
          }
          return arrayBuffer(yield ['cipher', [cipher('gcm'), slots.data, iv, false, aad, null, tagLength >>> 3, d]]);
        }
        case 'AES-CBC': {
          const iv = bytes(alg.iv, 'iv');
          if (iv.length !== 16) throw operationError('algorithm.iv must contain exactly 16 bytes');
          return arrayBuffer(yield ['cipher', [cipher('cbc'), slots.data, iv, decrypt, null, null, null, d]]);
        }
        case 'AES-CTR': {
          const counter = bytes(alg.counter, 'counter');
          if (counter.length !== 16) throw operationError('algorithm.counter must contain exactly 16 bytes');
          if (!(alg.length > 0 && alg.length <= 128)) throw operationError('algorithm.length must be between 1 and 128');
          return arrayBuffer(yield ['cipher', [cipher('ctr'), slots.data, counter, decrypt, null, null, null, d]]);
        }
        default: {
          // RSA-OAEP with the key's hash.
          const label = alg.label === undefined ? null : bytes(alg.label, 'label');
          return arrayBuffer(yield ['rsa', [slots.data, d, decrypt, hashOf(slots.algorithm), label]]);
        }
      }
    } catch (e) {
      if (e instanceof DOMException) throw e;
      throw operationError();
    }
  }

  function* derive(alg, slots, length) {
    if (alg.name === 'ECDH' || alg.name === 'X25519') {
      const pub = alg.public;
      if (!isCryptoKey(pub)) throw new TypeError("Failed to execute: 'public' is not of type 'CryptoKey'.");
      const p = pub[kSlots];
      if (p.type !== 'public') throw invalidAccess('algorithm.public must be a public key');
      if (p.algorithm.name !== alg.name || p.algorithm.namedCurve !== slots.algorithm.namedCurve) throw invalidAccess('The public and private keys must be on the same curve');
      const secret = yield ['ecdh', [slots.data, p.data]];
      if (length === null) return secret;
      if (length > secret.length * 8) throw operationError('derived bit length is too large');
      return truncate(secret, length);
    }
    if (length === null || length % 8 !== 0) throw operationError('length must be a multiple of 8');
    if (alg.name === 'PBKDF2') {
      if (!(alg.iterations > 0)) throw operationError('iterations cannot be zero');
      return yield ['pbkdf2', [slots.data, bytes(alg.salt, 'salt'), alg.iterations, length >>> 3, hashOf(alg)]];
    }
    return yield ['hkdf', [hashOf(alg), slots.data, bytes(alg.salt, 'salt'), bytes(alg.info, 'info'), length >>> 3]];
  }
  function truncate(secret, bits) {
    const out = secret.slice(0, Math.ceil(bits / 8));
    if (bits % 8) out[out.length - 1] &= 0xff << (8 - (bits % 8));
    return out;
  }

  // https://w3c.github.io/webcrypto/#crypto-interface
  class Crypto {
    constructor() {
      if (!constructing) throw typeError('ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
    }
  }
  Object.defineProperty(Crypto.prototype, Symbol.toStringTag, { value: 'Crypto', configurable: true });
  constructing = true;
  let subtle, crypto;
  try { subtle = new SubtleCrypto(); crypto = new Crypto(); } finally { constructing = false; }
  Object.defineProperty(Crypto.prototype, 'subtle', { get() { return subtle; }, enumerable: true, configurable: true });
  // The key material and kind of a CryptoKey, for the host's own key objects.
  const keyMaterial = (key) => (isCryptoKey(key) ? { type: key[kSlots].type, data: key[kSlots].data } : undefined);
  return { Crypto, SubtleCrypto, CryptoKey, crypto, subtle, isCryptoKey, keyMaterial, makeKey };
})

// jsloop glue 17: the Web Cryptography API on the browser's global (window
// or worker): `crypto` (Crypto: getRandomValues, randomUUID, subtle) and
// the Crypto, SubtleCrypto and CryptoKey interfaces, from webcrypto.js over
// the shared host functions (crates/jsloop-runtime/src/crypto/bind.rs).
// A SubtleCrypto job runs at once and its promise is settled before the
// method returns: Chromium 156 does so (its reactions run before microtasks
// queued after the call: conformance/browser/webcrypto_subtle_settles_at_once),
// where the spec's steps queue a task on the crypto task source.
(function (host, g, factory) {
  'use strict';
  const c = host.crypto;
  const wc = factory({ host: c, runSync: (op, args) => c.runSync(op, args), DOMException: g.DOMException, typeError: (code, message) => new TypeError(message) });
  const INTEGER_ARRAYS = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'BigInt64Array', 'BigUint64Array'];
  Object.defineProperties(wc.Crypto.prototype, {
    // https://w3c.github.io/webcrypto/#Crypto-method-getRandomValues
    getRandomValues: {
      value: function getRandomValues(array) {
        if (!(this instanceof wc.Crypto)) throw new TypeError('Illegal invocation');
        if (arguments.length < 1) throw new TypeError("Failed to execute 'getRandomValues' on 'Crypto': 1 argument required, but only 0 present.");
        if (!ArrayBuffer.isView(array)) throw new TypeError("Failed to execute 'getRandomValues' on 'Crypto': parameter 1 is not of type 'ArrayBufferView'.");
        // Step 1. Not an integer-type TypedArray: a TypeMismatchError.
        const tag = array instanceof DataView ? null : Object.prototype.toString.call(array).slice(8, -1);
        if (!INTEGER_ARRAYS.includes(tag)) throw new g.DOMException(`Failed to execute 'getRandomValues' on 'Crypto': The provided ArrayBufferView is of type '${tag || 'DataView'}', which is not an integer array type.`, 'TypeMismatchError');
        // Step 2. More than 65,536 bytes: a QuotaExceededError.
        if (array.byteLength > 65536) throw new g.DOMException(`Failed to execute 'getRandomValues' on 'Crypto': The ArrayBufferView's byte length (${array.byteLength}) exceeds the number of bytes of entropy available via this API (65536).`, 'QuotaExceededError');
        // Step 3. Random bytes in every element.
        c.fillRandom(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), 0, array.byteLength);
        // Step 4.
        return array;
      },
      enumerable: true, writable: true, configurable: true,
    },
    // https://w3c.github.io/webcrypto/#Crypto-method-randomUUID
    randomUUID: {
      value: function randomUUID() {
        if (!(this instanceof wc.Crypto)) throw new TypeError('Illegal invocation');
        // RFC 9562, section 5.4: version 4, variant 10.
        const b = new Uint8Array(16);
        c.fillRandom(b, 0, 16);
        b[6] = (b[6] & 0x0f) | 0x40;
        b[8] = (b[8] & 0x3f) | 0x80;
        const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
        return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
      },
      enumerable: true, writable: true, configurable: true,
    },
  });
  for (const name of ['Crypto', 'SubtleCrypto', 'CryptoKey']) {
    Object.defineProperty(g, name, { value: wc[name], writable: true, enumerable: false, configurable: true });
  }
  // WindowOrWorkerGlobalScope's `crypto` attribute.
  Object.defineProperty(g, 'crypto', { get: () => wc.crypto, enumerable: true, configurable: true });
})

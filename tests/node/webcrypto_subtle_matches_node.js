// Recorded with: node tests/node/webcrypto_subtle_matches_node.js > tests/node/webcrypto_subtle_matches_node.out
// globalThis.crypto.subtle: digests, HMAC, AES-GCM/CBC/CTR, PBKDF2, HKDF, ECDH,
// RSA-OAEP results byte for byte as Node 24's; generated ECDSA, Ed25519,
// RSASSA-PKCS1-v1_5 and RSA-PSS keys sign, verify, export and import; the
// errors (DOMException names, Node's codes) as Node gives them.
const { subtle } = globalThis.crypto;
const enc = new TextEncoder();
const hex = (b) => Buffer.from(b).toString('hex');
const t = async (label, f) => { try { console.log(label, await f()); } catch (e) { console.log(label, e.name, e.code, e.message); } };
(async () => {
  for (const h of ['SHA-1', 'sha-256', 'SHA-384', 'SHA-512']) console.log('digest', h, hex(await subtle.digest(h, enc.encode('abc'))));
  const hk = await subtle.importKey('raw', enc.encode('key'), { name: 'HMAC', hash: 'SHA-256' }, true, ['sign', 'verify']);
  console.log('hmac', hk.type, hk.extractable, hk.algorithm, hk.usages, hex(await subtle.sign('HMAC', hk, enc.encode('data'))));
  console.log('hmac jwk', JSON.stringify(await subtle.exportKey('jwk', hk)));
  console.log('hmac verify', await subtle.verify('HMAC', hk, await subtle.sign('HMAC', hk, enc.encode('data')), enc.encode('data')));
  const ak = await subtle.importKey('raw', new Uint8Array(16).fill(1), 'AES-GCM', true, ['encrypt', 'decrypt']);
  const ct = await subtle.encrypt({ name: 'AES-GCM', iv: new Uint8Array(12), additionalData: enc.encode('aad') }, ak, enc.encode('plain text'));
  console.log('aes-gcm', hex(ct), new TextDecoder().decode(await subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(12), additionalData: enc.encode('aad') }, ak, ct)));
  console.log('aes jwk', JSON.stringify(await subtle.exportKey('jwk', ak)), ak.algorithm);
  const ck = await subtle.importKey('raw', new Uint8Array(32).fill(2), { name: 'AES-CBC' }, false, ['encrypt']);
  console.log('aes-cbc', hex(await subtle.encrypt({ name: 'AES-CBC', iv: new Uint8Array(16) }, ck, enc.encode('cbc text'))));
  const tk = await subtle.importKey('raw', new Uint8Array(16).fill(3), { name: 'AES-CTR' }, false, ['encrypt']);
  console.log('aes-ctr', hex(await subtle.encrypt({ name: 'AES-CTR', counter: new Uint8Array(16), length: 64 }, tk, enc.encode('ctr text'))));
  await t('gcm tampered', async () => subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(12) }, ak, new Uint8Array(ct)));
  const pk = await subtle.importKey('raw', enc.encode('password'), 'PBKDF2', false, ['deriveBits', 'deriveKey']);
  console.log('pbkdf2', hex(await subtle.deriveBits({ name: 'PBKDF2', salt: enc.encode('salt'), iterations: 1000, hash: 'SHA-256' }, pk, 256)));
  const dk = await subtle.deriveKey({ name: 'PBKDF2', salt: enc.encode('salt'), iterations: 1000, hash: 'SHA-256' }, pk, { name: 'AES-GCM', length: 128 }, true, ['encrypt']);
  console.log('deriveKey', dk.algorithm, hex(await subtle.exportKey('raw', dk)));
  const hkdf = await subtle.importKey('raw', enc.encode('ikm'), 'HKDF', false, ['deriveBits']);
  console.log('hkdf', hex(await subtle.deriveBits({ name: 'HKDF', salt: enc.encode('salt'), info: enc.encode('info'), hash: 'SHA-256' }, hkdf, 128)));
  for (const alg of [{ name: 'ECDSA', namedCurve: 'P-256' }, { name: 'ECDSA', namedCurve: 'P-384' }, { name: 'Ed25519' }, { name: 'RSASSA-PKCS1-v1_5', modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, { name: 'RSA-PSS', modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-384' }]) {
    const pair = await subtle.generateKey(alg, true, ['sign', 'verify']);
    const p = { name: alg.name, hash: 'SHA-256', saltLength: 32 };
    const sig = await subtle.sign(p, pair.privateKey, enc.encode('msg'));
    console.log('pair', alg.name, pair.publicKey.algorithm, pair.privateKey.usages, pair.publicKey.usages, pair.publicKey.extractable, await subtle.verify(p, pair.publicKey, sig, enc.encode('msg')), await subtle.verify(p, pair.publicKey, sig, enc.encode('msx')));
    const spki = await subtle.exportKey('spki', pair.publicKey);
    const back = await subtle.importKey('spki', spki, alg, true, ['verify']);
    const jwk = await subtle.exportKey('jwk', pair.privateKey);
    console.log('  jwk keys', Object.keys(jwk).join(','), jwk.alg, jwk.key_ops, await subtle.verify(p, back, sig, enc.encode('msg')));
    const priv = await subtle.importKey('pkcs8', await subtle.exportKey('pkcs8', pair.privateKey), alg, false, ['sign']);
    console.log('  pkcs8', priv.extractable, priv.algorithm.name);
  }
  const a = await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
  const b = await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
  const s1 = await subtle.deriveBits({ name: 'ECDH', public: b.publicKey }, a.privateKey, 256);
  const s2 = await subtle.deriveBits({ name: 'ECDH', public: a.publicKey }, b.privateKey, 256);
  console.log('ecdh', hex(s1) === hex(s2), s1.byteLength, (await subtle.exportKey('raw', a.publicKey)).byteLength);
  const o = await subtle.generateKey({ name: 'RSA-OAEP', modulusLength: 1024, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }, true, ['encrypt', 'decrypt']);
  const oc = await subtle.encrypt({ name: 'RSA-OAEP', label: enc.encode('l') }, o.publicKey, enc.encode('oaep'));
  console.log('oaep', new TextDecoder().decode(await subtle.decrypt({ name: 'RSA-OAEP', label: enc.encode('l') }, o.privateKey, oc)));
  const g = await subtle.generateKey({ name: 'HMAC', hash: 'SHA-512' }, true, ['sign']);
  console.log('hmac gen', g.algorithm);
  await t('bad alg', () => subtle.digest('SHA-3', new Uint8Array(1)));
  await t('bad usage', () => subtle.importKey('raw', new Uint8Array(16), 'AES-GCM', true, ['sign']));
  await t('not extractable', () => subtle.exportKey('raw', ck));
  await t('wrong key', () => subtle.sign('HMAC', ak, new Uint8Array(1)));
  await t('empty usages', () => subtle.generateKey({ name: 'AES-GCM', length: 128 }, true, []));
  await t('illegal', () => new CryptoKey());
  console.log(Object.prototype.toString.call(subtle), typeof SubtleCrypto, typeof CryptoKey, crypto.subtle === require('crypto').webcrypto.subtle, require('crypto').KeyObject.from(hk).export().toString());
  const ak2 = await subtle.importKey('raw', new Uint8Array(16), 'AES-GCM', true, ['encrypt']);
  await t('usage', () => subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(12) }, ak2, new Uint8Array(20)));
  const hk2 = await subtle.importKey('raw', new Uint8Array(16), { name: 'HMAC', hash: 'SHA-256' }, true, ['verify']);
  await t('hmac usage', () => subtle.sign('HMAC', hk2, new Uint8Array(1)));
  await t('ecdsa usage', () => subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['encrypt']));
  await t('rsa usage', () => subtle.importKey('raw', new Uint8Array(16), 'PBKDF2', false, ['sign']));
  await t('digest args', () => subtle.digest('SHA-256'));
  await t('digest type', () => subtle.digest('SHA-256', 'x'));
  await t('import format', () => subtle.importKey('foo', new Uint8Array(16), 'AES-GCM', true, ['encrypt']));
  await t('bad jwk', () => subtle.importKey('jwk', { kty: 'EC' }, { name: 'ECDSA', namedCurve: 'P-256' }, true, ['verify']));
  await t('bad spki', () => subtle.importKey('spki', new Uint8Array(5), { name: 'ECDSA', namedCurve: 'P-256' }, true, ['verify']));
  await t('pbkdf2 ext', () => subtle.importKey('raw', new Uint8Array(16), 'PBKDF2', true, ['deriveBits']));
  await t('aes len', () => subtle.importKey('raw', new Uint8Array(15), 'AES-GCM', true, ['encrypt']));
  await t('gen aes len', () => subtle.generateKey({ name: 'AES-GCM', length: 100 }, true, ['encrypt']));
})();

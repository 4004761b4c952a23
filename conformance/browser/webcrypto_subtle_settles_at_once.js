// crypto.subtle's results (digests, HMAC, AES-GCM/CBC/CTR, PBKDF2, HKDF, an
// imported ECDSA key's JWK), its errors by DOMException name, and when its
// promises settle: Chromium settles them before the call returns, so their
// reactions run before microtasks queued after the call (the spec queues a
// task on the crypto task source instead).
const subtle = crypto.subtle;
// ASCII text to bytes and back (the cases use no other characters).
const enc = { encode: (s) => new Uint8Array([...s].map((c) => c.charCodeAt(0))) };
const text = (b) => String.fromCharCode(...new Uint8Array(b));
const hex = (b) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, '0')).join('');
const log = (s) => console.log(String(s));
const name = async (p) => { try { await p; return 'ok'; } catch (e) { return `${e.name}: ${e.constructor.name}`; } };
log(`types ${typeof Crypto} ${typeof SubtleCrypto} ${typeof CryptoKey} ${Object.prototype.toString.call(crypto)} ${Object.prototype.toString.call(subtle)}`);
log(`getRandomValues ${crypto.getRandomValues(new Uint8Array(8)).length} ${/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(crypto.randomUUID())}`);
try { crypto.getRandomValues(new Float32Array(2)); } catch (e) { log(`getRandomValues float: ${e.name}`); }
try { crypto.getRandomValues(new Uint8Array(65537)); } catch (e) { log(`getRandomValues big: ${e.name}`); }
try { new CryptoKey(); } catch (e) { log(`new CryptoKey: ${e.name}`); }
// Order: each promise is settled when the call returns.
subtle.digest('SHA-256', enc.encode('order')).then(() => log('digest settled'));
subtle.digest('nope', enc.encode('order')).catch(() => log('digest rejected'));
subtle.importKey('raw', new Uint8Array(16), 'AES-GCM', true, ['encrypt']).then(() => log('importKey settled'));
Promise.resolve().then(() => log('microtask 1')).then(() => log('microtask 2'));
(async () => {
  await new Promise((r) => setTimeout(r, 50));
  for (const h of ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']) log(`digest ${h} ${hex(await subtle.digest(h, enc.encode('abc')))}`);
  const hk = await subtle.importKey('raw', enc.encode('key'), { name: 'HMAC', hash: 'SHA-256' }, true, ['sign', 'verify']);
  const mac = await subtle.sign('HMAC', hk, enc.encode('data'));
  log(`hmac ${hex(mac)} ${await subtle.verify('HMAC', hk, mac, enc.encode('data'))} ${await subtle.verify('HMAC', hk, mac, enc.encode('datb'))}`);
  log(`hmac key ${hk.type} ${hk.extractable} ${hk.algorithm.name} ${hk.algorithm.hash.name} ${hk.algorithm.length} ${hk.usages.join(',')}`);
  const jwk = await subtle.exportKey('jwk', hk);
  log(`hmac jwk ${jwk.kty} ${jwk.k} ${jwk.alg} ${jwk.ext} ${jwk.key_ops.join(',')}`);
  const ak = await subtle.importKey('raw', new Uint8Array(16).fill(1), 'AES-GCM', true, ['encrypt', 'decrypt']);
  const iv = new Uint8Array(12);
  const ct = await subtle.encrypt({ name: 'AES-GCM', iv, additionalData: enc.encode('aad') }, ak, enc.encode('plain text'));
  log(`aes-gcm ${hex(ct)} ${text(await subtle.decrypt({ name: 'AES-GCM', iv, additionalData: enc.encode('aad') }, ak, ct))}`);
  const tampered = new Uint8Array(ct); tampered[0] ^= 1;
  log(`aes-gcm tampered ${await name(subtle.decrypt({ name: 'AES-GCM', iv, additionalData: enc.encode('aad') }, ak, tampered))}`);
  const ck = await subtle.importKey('raw', new Uint8Array(32).fill(2), { name: 'AES-CBC' }, false, ['encrypt', 'decrypt']);
  const cbc = await subtle.encrypt({ name: 'AES-CBC', iv: new Uint8Array(16) }, ck, enc.encode('cbc text'));
  log(`aes-cbc ${hex(cbc)} ${text(await subtle.decrypt({ name: 'AES-CBC', iv: new Uint8Array(16) }, ck, cbc))}`);
  const tk = await subtle.importKey('raw', new Uint8Array(16).fill(3), { name: 'AES-CTR' }, false, ['encrypt']);
  log(`aes-ctr ${hex(await subtle.encrypt({ name: 'AES-CTR', counter: new Uint8Array(16), length: 64 }, tk, enc.encode('ctr text')))}`);
  const pk = await subtle.importKey('raw', enc.encode('password'), 'PBKDF2', false, ['deriveBits', 'deriveKey']);
  log(`pbkdf2 ${hex(await subtle.deriveBits({ name: 'PBKDF2', salt: enc.encode('salt'), iterations: 1000, hash: 'SHA-256' }, pk, 256))}`);
  const dk = await subtle.deriveKey({ name: 'PBKDF2', salt: enc.encode('salt'), iterations: 1000, hash: 'SHA-256' }, pk, { name: 'AES-GCM', length: 128 }, true, ['encrypt']);
  log(`deriveKey ${dk.algorithm.name} ${dk.algorithm.length} ${hex(await subtle.exportKey('raw', dk))}`);
  const hkdf = await subtle.importKey('raw', enc.encode('ikm'), 'HKDF', false, ['deriveBits']);
  log(`hkdf ${hex(await subtle.deriveBits({ name: 'HKDF', salt: enc.encode('salt'), info: enc.encode('info'), hash: 'SHA-256' }, hkdf, 128))}`);
  const ec = await subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', x: 'QNejxcAVsKepYl0GUYJJDibOCUUhso-_OqNl6mk-2LU', y: 'dQokQIEaNzWW3tMP6ufFAYGS9KJB_PPMEpLuFuL1dfw', d: 'wbDymblgsgmgGvg22VaM2pgn9dfQzJic-lF7BTtQ0O0' }, { name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign']);
  const sig = await subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, ec, enc.encode('msg'));
  const pubJwk = await subtle.exportKey('jwk', ec);
  delete pubJwk.d;
  const pub = await subtle.importKey('jwk', { kty: pubJwk.kty, crv: pubJwk.crv, x: pubJwk.x, y: pubJwk.y }, { name: 'ECDSA', namedCurve: 'P-256' }, true, ['verify']);
  log(`ecdsa ${sig.byteLength} ${await subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, pub, sig, enc.encode('msg'))} ${hex(await subtle.exportKey('raw', pub)).slice(0, 16)} ${ec.algorithm.namedCurve}`);
  log(`spki ${hex(await subtle.exportKey('spki', pub)).slice(0, 40)}`);
  log(`bad algorithm ${await name(subtle.digest('SHA-3', new Uint8Array(1)))}`);
  log(`bad usage ${await name(subtle.importKey('raw', new Uint8Array(16), 'AES-GCM', true, ['sign']))}`);
  log(`not extractable ${await name(subtle.exportKey('raw', ck))}`);
  log(`wrong key ${await name(subtle.sign('HMAC', ak, new Uint8Array(1)))}`);
  log(`empty usages ${await name(subtle.generateKey({ name: 'AES-GCM', length: 128 }, true, []))}`);
  log(`bad length ${await name(subtle.importKey('raw', new Uint8Array(15), 'AES-GCM', true, ['encrypt']))}`);
  const pair = await subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, false, ['sign', 'verify']);
  log(`generated ${pair.privateKey.type} ${pair.privateKey.extractable} ${pair.publicKey.extractable} ${pair.privateKey.usages.join(',')} ${pair.publicKey.usages.join(',')} ${pair.publicKey.algorithm.namedCurve}`);
  console.log('__done__');
})();

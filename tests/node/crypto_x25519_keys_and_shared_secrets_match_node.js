// Recorded with: node tests/node/crypto_x25519_keys_and_shared_secrets_match_node.js > tests/node/crypto_x25519_keys_and_shared_secrets_match_node.out
// X25519 (RFC 7748) in node:crypto and crypto.subtle: keys in and out of
// DER, PEM and JWK, diffieHellman's shared secret (RFC 7748 section 6.1's
// vectors), generated pairs, and the error for signing with such a key.
const crypto = require('crypto');
const t = (label, f) => { try { console.log(label, f()); } catch (e) { console.log(label, e.name, e.code, e.message); } };
// X25519 keys from fixed bytes: RFC 7748 section 6.1's test vectors.
const alicePriv = Buffer.from('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a', 'hex');
const bobPriv = Buffer.from('5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb', 'hex');
const pkcs8 = (k) => Buffer.concat([Buffer.from('302e020100300506032b656e04220420', 'hex'), k]);
const alice = crypto.createPrivateKey({ key: pkcs8(alicePriv), format: 'der', type: 'pkcs8' });
const bob = crypto.createPrivateKey({ key: pkcs8(bobPriv), format: 'der', type: 'pkcs8' });
console.log('x25519', alice.asymmetricKeyType, alice.asymmetricKeyDetails, JSON.stringify(alice.export({ format: 'jwk' })));
console.log('spki', crypto.createPublicKey(alice).export({ format: 'der', type: 'spki' }).toString('hex'));
console.log('pem', alice.export({ format: 'pem', type: 'pkcs8' }).replace(/\n/g, '|'));
console.log('shared', crypto.diffieHellman({ privateKey: alice, publicKey: crypto.createPublicKey(bob) }).toString('hex'), crypto.diffieHellman({ privateKey: bob, publicKey: crypto.createPublicKey(alice) }).toString('hex'));
const viaJwk = crypto.createPrivateKey({ key: alice.export({ format: 'jwk' }), format: 'jwk' });
console.log('jwk round trip', viaJwk.equals(alice), crypto.createPublicKey({ key: crypto.createPublicKey(bob).export({ format: 'jwk' }), format: 'jwk' }).equals(crypto.createPublicKey(bob)));
const g = crypto.generateKeyPairSync('x25519');
console.log('generated', g.privateKey.asymmetricKeyType, g.publicKey.asymmetricKeyType, crypto.diffieHellman({ privateKey: g.privateKey, publicKey: crypto.createPublicKey(alice) }).equals(crypto.diffieHellman({ privateKey: alice, publicKey: g.publicKey })));
t('sign with x25519', () => crypto.sign(null, Buffer.from('x'), alice));
(async () => {
  const { subtle } = globalThis.crypto;
  const k = await subtle.importKey('pkcs8', pkcs8(alicePriv), { name: 'X25519' }, true, ['deriveBits']);
  const p = await subtle.importKey('raw', crypto.createPublicKey(bob).export({ format: 'der', type: 'spki' }).subarray(12), { name: 'X25519' }, true, []);
  console.log('subtle x25519', k.algorithm, p.algorithm, Buffer.from(await subtle.deriveBits({ name: 'X25519', public: p }, k, 256)).toString('hex'));
  const pair = await subtle.generateKey({ name: 'X25519' }, true, ['deriveBits']);
  console.log('subtle generated', pair.privateKey.usages, pair.publicKey.usages, Object.keys(await subtle.exportKey('jwk', pair.privateKey)).join(','));
})();

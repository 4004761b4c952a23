// node tests/node/crypto_private_encrypt_and_public_decrypt_as_node_24.js > tests/node/crypto_private_encrypt_and_public_decrypt_as_node_24.out (recorded with Node 24)
// crypto.privateEncrypt and crypto.publicDecrypt (PKCS#1 v1.5 block type 1
// by default, or no padding), the paddings OpenSSL refuses for them and for
// publicEncrypt/privateDecrypt, with Node 24's errors.
const crypto = require('crypto');
const show = (l, f) => {
  try {
    const r = f();
    console.log(l, 'ok', Buffer.isBuffer(r) ? `${r.length} bytes` : r);
  } catch (e) {
    console.log(l, e.name, e.code, JSON.stringify(e.message), e.library, e.reason);
  }
};
const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
const P = crypto.constants;
const data = Buffer.from('hello');
show('roundtrip', () => crypto.publicDecrypt(publicKey, crypto.privateEncrypt(privateKey, data)).toString());
show('public half of a private key', () => crypto.publicDecrypt(privateKey, crypto.privateEncrypt(privateKey, data)).toString());
show('deterministic', () => crypto.privateEncrypt(privateKey, data).equals(crypto.privateEncrypt(privateKey, data)));
show('a PKCS#1 v1.5 signature without DigestInfo', () => crypto.verify(null, data, { key: publicKey, padding: P.RSA_PKCS1_PADDING }, crypto.privateEncrypt(privateKey, data)));
show('pem strings', () => crypto.publicDecrypt(publicKey.export({ type: 'spki', format: 'pem' }), crypto.privateEncrypt(privateKey.export({ type: 'pkcs8', format: 'pem' }), 'text')).toString());
show('no padding, short', () => crypto.privateEncrypt({ key: privateKey, padding: P.RSA_NO_PADDING }, data));
const full = Buffer.alloc(128, 1);
show('no padding, a whole block', () => crypto.publicDecrypt({ key: publicKey, padding: P.RSA_NO_PADDING }, crypto.privateEncrypt({ key: privateKey, padding: P.RSA_NO_PADDING }, full)).equals(full));
show('no padding, over the modulus', () => crypto.privateEncrypt({ key: privateKey, padding: P.RSA_NO_PADDING }, Buffer.alloc(128, 0xff)));
show('too long', () => crypto.privateEncrypt(privateKey, Buffer.alloc(118)));
show('longest', () => crypto.privateEncrypt(privateKey, Buffer.alloc(117)));
show('not padded', () => crypto.publicDecrypt(publicKey, Buffer.alloc(128, 7)));
show('short', () => crypto.publicDecrypt(publicKey, Buffer.alloc(10, 7)));
show('a public key to privateEncrypt', () => crypto.privateEncrypt(publicKey, data));
for (const padding of [P.RSA_PKCS1_OAEP_PADDING, P.RSA_X931_PADDING, P.RSA_PKCS1_PSS_PADDING, 99]) {
  show(`privateEncrypt padding ${padding}`, () => crypto.privateEncrypt({ key: privateKey, padding }, data));
  show(`publicDecrypt padding ${padding}`, () => crypto.publicDecrypt({ key: publicKey, padding }, Buffer.alloc(128, 1)));
}
for (const padding of [P.RSA_X931_PADDING, 99]) {
  show(`publicEncrypt padding ${padding}`, () => crypto.publicEncrypt({ key: publicKey, padding }, data));
  show(`privateDecrypt padding ${padding}`, () => crypto.privateDecrypt({ key: privateKey, padding }, Buffer.alloc(128, 1)));
}
console.log([crypto.privateEncrypt, crypto.publicDecrypt, crypto.publicEncrypt, crypto.privateDecrypt].map((f) => `${JSON.stringify(f.name)}/${f.length}`).join(' '));

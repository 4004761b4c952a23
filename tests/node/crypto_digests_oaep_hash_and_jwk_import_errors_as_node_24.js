// node tests/node/crypto_digests_oaep_hash_and_jwk_import_errors_as_node_24.js > tests/node/crypto_digests_oaep_hash_and_jwk_import_errors_as_node_24.out (recorded with Node 24)
// RSA signatures with every digest jsloop has (md5 and sha512-256 among
// them), the errors of an unknown digest (sign, verify, oaepHash) with
// their class, code, message and own keys, and private JWKs whose `d` is
// missing or does not match the rest of the key.
const crypto = require('crypto');
const show = (label, f) => {
  try {
    console.log(label, 'ok', f());
  } catch (e) {
    console.log(label, e.name, e.code, JSON.stringify(e.message), Object.keys(e).join(','));
  }
};
const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });
const data = Buffer.from('data');
const pss = { key: privateKey, padding: crypto.constants.RSA_PKCS1_PSS_PADDING };
const pssPublic = { key: publicKey, padding: crypto.constants.RSA_PKCS1_PSS_PADDING };
for (const alg of ['md5', 'RSA-MD5', 'sha1', 'sha224', 'sha512-224', 'sha512-256', 'sha3-224', 'sha3-512', 'ripemd160', 'rmd160']) {
  show(`sign ${alg}`, () => crypto.verify(alg, data, publicKey, crypto.sign(alg, data, privateKey)));
  show(`pss ${alg}`, () => crypto.verify(alg, data, pssPublic, crypto.sign(alg, data, pss)));
  show(`createSign ${alg}`, () => crypto.createVerify(alg).update(data).verify(publicKey, crypto.createSign(alg).update(data).sign(privateKey)));
  show(`oaep ${alg}`, () => crypto.privateDecrypt({ key: privateKey, oaepHash: alg }, crypto.publicEncrypt({ key: publicKey, oaepHash: alg }, data)).toString());
}
const ed = crypto.generateKeyPairSync('ed25519');
const ec = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
show('ed25519 sha256', () => crypto.sign('sha256', data, ed.privateKey));
show('ed25519 nope', () => crypto.sign('nope', data, ed.privateKey));
show('ec nope', () => crypto.sign('nope', data, ec.privateKey));
show('ec md5', () => crypto.verify('md5', data, ec.publicKey, crypto.sign('md5', data, ec.privateKey)));
show('rsa nope', () => crypto.sign('nope', data, privateKey));
show('verify nope', () => crypto.verify('nope', data, publicKey, Buffer.alloc(128)));
show('sign nope with a callback', () => crypto.sign('nope', data, privateKey, () => console.log('called')));
show('createSign nope', () => crypto.createSign('nope'));
show('oaep nope', () => crypto.publicEncrypt({ key: publicKey, oaepHash: 'nope' }, data));
show('oaep nope decrypt', () => crypto.privateDecrypt({ key: privateKey, oaepHash: 'nope' }, Buffer.alloc(128)));
show('oaep nope pkcs1 padding', () => crypto.publicEncrypt({ key: publicKey, oaepHash: 'nope', padding: crypto.constants.RSA_PKCS1_PADDING }, data));
crypto.sign('sha256', data, ed.privateKey, (e) => console.log('async ed25519 sha256', e.name, e.code, e.message, Object.keys(e).join(',')));

const drop = (o, ...ks) => { const c = { ...o }; for (const k of ks) delete c[k]; return c; };
const priv = (k) => { const o = crypto.createPrivateKey({ key: k, format: 'jwk' }); return `${o.type} ${o.asymmetricKeyType}`; };
const pub = (k) => { const o = crypto.createPublicKey({ key: k, format: 'jwk' }); return `${o.type} ${o.asymmetricKeyType}`; };
const rsa = privateKey.export({ format: 'jwk' });
const rsa2 = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'jwk' });
for (const k of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'n', 'e']) show(`rsa jwk without ${k}`, () => priv(drop(rsa, k)));
show('rsa jwk with another d', () => priv({ ...rsa, d: rsa2.d }));
show('rsa jwk with another p', () => priv({ ...rsa, p: rsa2.p }));
show('rsa jwk with another d signs', () => crypto.verify('sha256', data, publicKey, crypto.sign('sha256', data, crypto.createPrivateKey({ key: { ...rsa, d: rsa2.d }, format: 'jwk' }))));
show('rsa jwk n e d only', () => priv({ kty: 'RSA', n: rsa.n, e: rsa.e, d: rsa.d }));
show('rsa jwk d not a string', () => priv({ ...rsa, d: 1 }));
show('rsa public jwk with d', () => pub(rsa));
for (const [type, options] of [['ec', { namedCurve: 'P-256' }], ['ec', { namedCurve: 'P-384' }], ['ed25519'], ['x25519']]) {
  const a = crypto.generateKeyPairSync(type, options).privateKey.export({ format: 'jwk' });
  const b = crypto.generateKeyPairSync(type, options).privateKey.export({ format: 'jwk' });
  const name = `${type} ${a.crv}`;
  show(`${name} jwk with another d`, () => priv({ ...a, d: b.d }));
  show(`${name} jwk without d`, () => priv(drop(a, 'd')));
  show(`${name} jwk without x`, () => priv(drop(a, 'x')));
  show(`${name} jwk d not a string`, () => priv({ ...a, d: 5 }));
  show(`${name} public jwk with d`, () => pub(a));
}

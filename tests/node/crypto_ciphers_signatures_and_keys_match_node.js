// Recorded with: node tests/node/crypto_ciphers_signatures_and_keys_match_node.js > tests/node/crypto_ciphers_signatures_and_keys_match_node.out
// node:crypto's ciphers, key objects, signatures, RSA encryption and ECDH:
// ciphertexts, tags and deterministic signatures (RSA PKCS#1 v1.5, Ed25519)
// byte for byte as Node 24 makes them; signatures Node made with a random
// salt or nonce (ECDSA, RSA-PSS) and RSA ciphertexts it made, recorded
// below, checked and opened here; keys in and out of PEM, DER and JWK; the
// errors Node's tests check.
const crypto = require('crypto');
const KEYS = {
 "rsa": "-----BEGIN RSA PRIVATE KEY-----\nMIICXAIBAAKBgQCmr8f3Asblv9QjDNy/1SnKRRcRVYcEIvR1aWGL9qsj67Rdy4rw\n7fYEggJp0oued3AinL/OcgjHJj0tfaZo/n0w3qKP7p8jSQtghfHb1j6WkHQ3gAsY\nkc/rLWTJKzg9v6ItTk03WVNMR4eEviFaHSc2mh8Vowyei8UTPbATEITSJQIDAQAB\nAoGAGYpxv32jcGzWWpCL+rD0+FNh13wddhrNDniZQ9MGIjjpqD2aCpTLz6EEMabb\nUerHOeZ+1WlPwwQu95t7NjdYgzcoC8N1FahktGSFx9sXYzZNCIYmReO4bx9oCpEz\n0xqzvEjBnxbAQv+tA+4PiakejjqyN1boMCl22YwHciBEzIECQQDTEqdESDDaRR66\ndkQo+BJ/GlDY/NOAktPU7o0uBrDt7EgcIzXqX1dNLtvnZFpMfGz3dIBI/XLap2BQ\nPN/5+edVAkEAyiqGh7/mAWaJWQPeOBQIOydAQWusxdKCXnLRpt1QSRkWsNC7uesx\nmgifLNDkD+JT7ZqsxtL66EHFabpsQB+fkQJACwB154E7yqS/rUhs1RXZIPbmL+k9\nvP3qPLcSdMu0fTJLr+vF66l8i3Fd1PnOGx6BL4TLCwLq8aq3wnbp1cXI4QJAGTPX\n9ZBcsgwAT1KGH2OP6x/niMBNl5O4oOGbdTvdyF8STxSWcoT5eARfI40fAUPrxpEj\nvN2MXevlGlsdJ5lJoQJBALTir648ZtyQmo+czjOzgZhSd+eLDEr2GWpeEqYqFtaS\n0MQSvwlePfqz3pwozNpy+Pu8quqLHv1wG9tYBzzvNHY=\n-----END RSA PRIVATE KEY-----\n",
 "p256": "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIMGw8pm5YLIJoBr4NtlWjNqYJ/XX0MyYnPpRewU7UNDtoAoGCCqGSM49\nAwEHoUQDQgAEQNejxcAVsKepYl0GUYJJDibOCUUhso+/OqNl6mk+2LV1CiRAgRo3\nNZbe0w/q58UBgZL0okH888wSku4W4vV1/A==\n-----END EC PRIVATE KEY-----\n",
 "p384": "-----BEGIN PRIVATE KEY-----\nMIG2AgEAMBAGByqGSM49AgEGBSuBBAAiBIGeMIGbAgEBBDBlscflKlmN8ltbMGvq\nAJsO6i7Ds5Z2c4HE3DQkJYAUscTKmez7Al0JQaiJold9s++hZANiAASl3AW38Isl\nQeSFPMsHkvT6uNZRlkzoXIHds4hK2yu8ETwiy98s7kJhMAy439K+jakUpJ92U2gE\nseBUI/HhFFceMteZgZZ2g+zUvMWT0UxEtun3j+t4Ss5R4p71OTMIdCs=\n-----END PRIVATE KEY-----\n",
 "ed": "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIGuAS/ENF/bKAj3t/U28zyhQ/lX6j22CSBdJGedDSTyO\n-----END PRIVATE KEY-----\n"
};
const NODE = {
 "p256": "MEUCIQC7Np5glNrDPl41Nqod4D0ymzMO7TFKw2E+WNA4xZ9mEgIga0o7WhM7Kwm10RmS631vFLqYK36hUOyn4BZCQRsLYYg=",
 "p256p1363": "0ZzjHg0qJhBd3SJfsQHXN8BxDjvbYZJSJ36Ig6qk/HtsYcvghbDVqT8nMMY2GsHjrRb24w6fb+MCqMKho7CFbw==",
 "p384": "MGYCMQCDMQ8CtvudUZpNZpDrwcX9nzodZf9AUyNEeHzwkMPwi9UmSKi8DvV56nbxGok96MsCMQDyyZAf/8+TUWO9AjdnLDhbEL4hxkFTQvjTc+4fhI1MMB1ccPFEKak30O2IYLJaH2Y=",
 "pss": "b6oB/ib9M5FrsBWjgbp9Yu/h/WUiHhIE7o+KkvEMPH+W9wWOd4r8761KuRXn7Gf7HtSMGtKFJIfVJj2EqOuSBAUmz+Xq4ufJZ2dl1awuLUHL9n+bsQfuLM7msTxGz1iI4lkXWFUOBJiyMmC/FnB/lq17eDB1AIKlUV1I/myb3+k=",
 "pss32": "Wt1q8PlH0j9Qgbu6uk6yh8TcdeEolvgtuh7dvU03nV1698/sI/n1VEZ2VhFhRlYOlUyPcR5y1hQ+88UueObZJgJKNWvpWzABFiGcLFPNNbtn2D4F81DCHZWpBu8kUxN6FXrLd8r5rB/bW1LGkLAZ32RBhXVacgaL2vMQcP7eRN0=",
 "oaep": "fzPDvBMi7irICDkMo0v/I9Gud5r8qWEBirc57JZ/CWfq/SdyIbYtJTD7J1Fls8LMWp2/VOo+mldrhQxkJH/n5bj5q5z4yCulzqsa0KnF20iwa80bpU5Vh6dqfxjYEFnDTYP8Ub0ihcg89UPmUVHrRhYbuavFt1GggB4tYf9I+7w=",
 "oaep256": "mmGJq1Su1F2Gwhp4MVeaFUXZl4gz9laYKUDA/L45JuLVTR3pcqkBX0zdm0g/bt0TMVMPf0TF/DUq/g/2FIMpUgdqJx5MOiFMi0+J8gi+91LHOvuzz2YUMUUz4j7QNWoN5DkFYbYjc29wrJMvxzxjjFAt/diMdY7CpTo1Qymbhls=",
 "pkcs1enc": "T9zzzd4vLgKh6StYKlPZ/7lCAgjZuSpkQYhSXLkmiLIGoAQmrYjV4vA3MyFlOwfX+albadsVdXG05UbN9uuHR+K0K0JHT58iB7zOfsKn379GMttHscezW79KTKYc1slwJdvh0vHx8Fpk53wuqeH7+V+Obb2CQ9XnjCgHWi6q5EI=",
 "encpem": "-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIIC5TBfBgkqhkiG9w0BBQ0wUjAxBgkqhkiG9w0BBQwwJAQQSjiyCCu5d0wm0Cpl\nqbReDwICCAAwDAYIKoZIhvcNAgkFADAdBglghkgBZQMEASoEEIDgxTEjr2W4PJWr\n2Dt4W3gEggKAXokCJG3eEKw6u8c1KyazZg3rDMeL9quOtk3ghI/EbI4ooupQBNK7\n/rUq+qlxNzaTqNpcGYWOLt3wrOey/KAI1Efng/VnNneZ3z7V+J0wOXmGOUO+7JXw\n5+jcPpTnNsKFhew2WIPcMYDSp2vHOel92g8FHfNi/wkSKO/ui1sdjNl8rsi7b1Ci\nclRg6qemtFsLtcLH0p4NTwJbQR3R9iyh3TM+PHVFDLdpBBwzV3v9EiD4OJ3QEcDh\nKUEncP8fQbk0qudapP0Vk6N87bwkznbozrNt+0NZfpan0V699tXSUHsw3Uz4S3Dh\n0dQD9anECmZKnNALZYPRegdFBSs7cE3yfMIDLb1Lxs2sx/hh7socW0Su6OaecB5H\n82fxs019sR5j9JkXqnJNsE5k21SNXjTYrBeLHTBkN2weL35iiz8iQUUZ7/jS7/pl\nEJIlWYQ7fSPdXFjJZUkPb1QyeSs1ubnLsjoZzGC3iywI1W3zgG6ytqI/e7aSSB+l\n/3BXZ26/jkhV183KjhBf6goZw2+lIOgD8ei7SesedPRhndB6veZE5BBSpmhO6Eaq\nFU+J5Rnktxm9s7JB0Ijk44IBg/b0XmKmT5HkMb7dQZMuvK1Q/4IyMKNP5/KB7OHV\nzCC/tibXk64TRysJP6EXghw8MeOUWlhRC0ACmkp+bkSTLYbdkoqqsKh4uzhWcAF3\nIiQKasCR+PrTkK6IRzgf+BDecQlIEMgeDjdM5uGLe0ldlkn6vejBowUnumPK8uYP\nPKPQ59vV2NHxh5H/u4pLCmcnpJ13A4rl+dE0igOnjbFWpaiq5bU9R+ruv9Myh+dF\niaSqSERnDpW38DDjaHkXPAGig5xSlzuGSA==\n-----END ENCRYPTED PRIVATE KEY-----\n"
};
const t = (label, f) => {
  try { console.log(label, f()); } catch (e) { console.log(label, e.name, e.code, e.message, e.library || '', e.reason || ''); }
};
const key = Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex');
const iv16 = Buffer.from('f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff', 'hex');
const iv12 = Buffer.from('cafebabefacedbaddecaf888', 'hex');
const text = 'Ciphers give out bytes at each update: é, 漢字, 🎉 and more than two blocks of text.';
const cases = [
  ['aes-128-cbc', 16, iv16], ['aes-192-cbc', 24, iv16], ['aes-256-cbc', 32, iv16],
  ['aes-128-ctr', 16, iv16], ['aes-192-ctr', 24, iv16], ['aes-256-ctr', 32, iv16],
  ['aes-128-ecb', 16, null], ['aes-256-ecb', 32, null],
  ['aes-128-gcm', 16, iv12], ['aes-192-gcm', 24, iv12], ['aes-256-gcm', 32, iv12], ['aes-256-gcm', 32, Buffer.from('short')],
  ['aes-128-gcm', 16, Buffer.alloc(60, 9)], ['chacha20-poly1305', 32, iv12],
];
for (const [alg, len, iv] of cases) {
  const aead = /gcm|poly/.test(alg);
  const cipher = crypto.createCipheriv(alg, key.subarray(0, len), iv, { authTagLength: 16 });
  if (aead) cipher.setAAD(Buffer.from('additional data'));
  // Updates of odd sizes: block modes hold back what is not yet a block.
  const parts = [cipher.update(text.slice(0, 5)), cipher.update(text.slice(5, 40)), cipher.update(Buffer.from(text.slice(40))), cipher.final()];
  const ct = Buffer.concat(parts);
  const tag = aead ? cipher.getAuthTag().toString('hex') : '-';
  console.log(alg, iv ? iv.length : 0, parts.map((p) => p.length).join(','), ct.toString('hex'), tag);
  const decipher = crypto.createDecipheriv(alg, key.subarray(0, len), iv, { authTagLength: 16 });
  if (aead) { decipher.setAAD(Buffer.from('additional data')); decipher.setAuthTag(Buffer.from(tag, 'hex')); }
  // Text out through a decoder: a character split between updates is kept.
  const back = decipher.update(ct.subarray(0, 7), undefined, 'utf8') + decipher.update(ct.subarray(7).toString('base64'), 'base64', 'utf8') + decipher.final('utf8');
  console.log('  back', back === text);
}
// Short tags, and a tampered message.
const gcm = crypto.createCipheriv('aes-128-gcm', key.subarray(0, 16), iv12, { authTagLength: 8 });
const gct = Buffer.concat([gcm.update('eight byte tag'), gcm.final()]);
console.log('gcm tag 8', gct.toString('hex'), gcm.getAuthTag().toString('hex'));
t('gcm tampered', () => {
  const d = crypto.createDecipheriv('aes-128-gcm', key.subarray(0, 16), iv12, { authTagLength: 8 });
  d.setAuthTag(gcm.getAuthTag());
  d.update(Buffer.concat([gct.subarray(0, 3), Buffer.from([gct[3] ^ 1]), gct.subarray(4)]));
  return d.final();
});
t('gcm no tag', () => { const d = crypto.createDecipheriv('aes-256-gcm', key, iv12); d.update(gct); return d.final(); });
const noPad = crypto.createCipheriv('aes-128-cbc', key.subarray(0, 16), iv16).setAutoPadding(false);
console.log('no padding', Buffer.concat([noPad.update(Buffer.alloc(32, 1)), noPad.final()]).toString('hex'));
t('no padding, partial block', () => { const c = crypto.createCipheriv('aes-128-cbc', key.subarray(0, 16), iv16); c.setAutoPadding(false); c.update('abc'); return c.final(); });
t('bad decrypt', () => { const d = crypto.createDecipheriv('aes-128-cbc', key.subarray(0, 16), iv16); d.update(Buffer.alloc(16)); return d.final(); });
t('wrong final block length', () => { const d = crypto.createDecipheriv('aes-128-cbc', key.subarray(0, 16), iv16); d.update(Buffer.alloc(10)); return d.final(); });
t('key length', () => crypto.createCipheriv('aes-128-cbc', Buffer.alloc(15), iv16));
t('iv length', () => crypto.createCipheriv('aes-128-cbc', Buffer.alloc(16), Buffer.alloc(15)));
t('unknown cipher', () => crypto.createCipheriv('aes-128-xyz', Buffer.alloc(16), iv16));
t('cipher type', () => crypto.createCipheriv(5, Buffer.alloc(16), iv16));
t('key type', () => crypto.createCipheriv('aes-128-cbc', 5, iv16));
t('iv type', () => crypto.createCipheriv('aes-128-cbc', Buffer.alloc(16), 5));
t('tag length', () => crypto.createCipheriv('aes-128-gcm', Buffer.alloc(16), iv12, { authTagLength: 7 }));
t('getAuthTag before final', () => crypto.createCipheriv('aes-128-gcm', Buffer.alloc(16), iv12).getAuthTag());
t('setAAD after update', () => { const c = crypto.createCipheriv('aes-128-gcm', Buffer.alloc(16), iv12); c.update('x'); c.setAAD(Buffer.from('y')); });
t('setAAD on ctr', () => crypto.createCipheriv('aes-128-ctr', Buffer.alloc(16), iv16).setAAD(Buffer.from('y')));
t('update after final', () => { const c = crypto.createCipheriv('aes-128-ctr', Buffer.alloc(16), iv16); c.final(); c.update('x'); });
t('final twice', () => { const c = crypto.createCipheriv('aes-128-ctr', Buffer.alloc(16), iv16); c.final(); c.final(); });
t('setAuthTag twice', () => { const d = crypto.createDecipheriv('aes-128-gcm', Buffer.alloc(16), iv12); d.setAuthTag(Buffer.alloc(16)); d.setAuthTag(Buffer.alloc(16)); });
console.log('getCiphers', crypto.getCiphers().filter((c) => /^(aes-(128|192|256)-(cbc|ctr|ecb|gcm)|chacha20-poly1305)$/.test(c)).join(' '));
console.log('getCipherInfo', crypto.getCipherInfo('aes-256-gcm'), crypto.getCipherInfo('AES-128-CBC'), crypto.getCipherInfo('aes-128-ctr', { ivLength: 12 }));
// A cipher as a stream.
const streamed = [];
const sc = crypto.createCipheriv('aes-256-ctr', key, iv16);
sc.on('data', (d) => streamed.push(d));
sc.on('end', () => console.log('stream', Buffer.concat(streamed).toString('hex')));
sc.write('streamed ');
sc.end('text');

// Keys in and out.
const rsa = crypto.createPrivateKey(KEYS.rsa);
const p256 = crypto.createPrivateKey(KEYS.p256);
const p384 = crypto.createPrivateKey({ key: KEYS.p384, format: 'pem' });
const ed = crypto.createPrivateKey(Buffer.from(KEYS.ed));
for (const [name, k] of [['rsa', rsa], ['p256', p256], ['p384', p384], ['ed25519', ed]]) {
  const pub = crypto.createPublicKey(k);
  console.log(name, k.type, k.asymmetricKeyType, k.asymmetricKeyDetails, pub.type, pub.asymmetricKeyDetails);
  console.log('  pkcs8', k.export({ format: 'pem', type: 'pkcs8' }).replace(/\n/g, '|'));
  console.log('  spki', pub.export({ format: 'der', type: 'spki' }).toString('base64'));
  console.log('  jwk', JSON.stringify(k.export({ format: 'jwk' })), JSON.stringify(pub.export({ format: 'jwk' })));
  const viaJwk = crypto.createPrivateKey({ key: k.export({ format: 'jwk' }), format: 'jwk' });
  const viaDer = crypto.createPrivateKey({ key: k.export({ format: 'der', type: 'pkcs8' }), format: 'der', type: 'pkcs8' });
  const pubViaJwk = crypto.createPublicKey({ key: pub.export({ format: 'jwk' }), format: 'jwk' });
  const pubViaDer = crypto.createPublicKey({ key: pub.export({ format: 'der', type: 'spki' }), format: 'der', type: 'spki' });
  console.log('  round trips', viaJwk.equals(k), viaDer.equals(k), pubViaJwk.equals(pub), pubViaDer.equals(pub), crypto.createPublicKey(k.export({ format: 'pem', type: 'pkcs8' })).equals(pub));
  t('  pkcs1', () => k.export({ format: 'pem', type: 'pkcs1' }).split('\n')[0]);
  t('  sec1', () => k.export({ format: 'der', type: 'sec1' }).toString('base64'));
  t('  public pkcs1', () => pub.export({ format: 'pem', type: 'pkcs1' }).split('\n')[0]);
}
console.log('pkcs1 in', crypto.createPrivateKey({ key: rsa.export({ format: 'der', type: 'pkcs1' }), format: 'der', type: 'pkcs1' }).equals(rsa));
console.log('sec1 in', crypto.createPrivateKey({ key: p256.export({ format: 'der', type: 'sec1' }), format: 'der', type: 'sec1' }).equals(p256));
console.log('rsa public pkcs1 in', crypto.createPublicKey(crypto.createPublicKey(rsa).export({ format: 'pem', type: 'pkcs1' })).equals(crypto.createPublicKey(rsa)));
console.log('encrypted pkcs8 from node', crypto.createPrivateKey({ key: NODE.encpem, passphrase: 'top secret' }).equals(rsa));
const reEncrypted = rsa.export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: 'again' });
console.log('encrypted pkcs8 round trip', reEncrypted.split('\n')[0], crypto.createPrivateKey({ key: reEncrypted, passphrase: 'again' }).equals(rsa));
t('wrong passphrase', () => crypto.createPrivateKey({ key: NODE.encpem, passphrase: 'nope' }));
t('no passphrase', () => crypto.createPrivateKey(NODE.encpem));
t('garbage private', () => crypto.createPrivateKey('garbage'));
t('garbage public', () => crypto.createPublicKey('garbage'));
t('private from public', () => crypto.createPrivateKey(crypto.createPublicKey(rsa)));
t('der without type', () => crypto.createPublicKey({ key: Buffer.alloc(3), format: 'der' }));
t('export format', () => rsa.export({ format: 'foo', type: 'pkcs8' }));
t('export type', () => rsa.export({ format: 'pem', type: 'foo' }));
t('export no options', () => rsa.export());
t('cipher without passphrase', () => rsa.export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc' }));
const secret = crypto.createSecretKey(Buffer.from('a secret'));
console.log('secret', secret.type, secret.symmetricKeySize, secret.export().toString(), secret.export({ format: 'jwk' }), secret.equals(crypto.createSecretKey('a secret', 'utf8')));
t('secret as pem', () => secret.export({ format: 'pem' }));
console.log('KeyObject', rsa instanceof crypto.KeyObject, secret instanceof crypto.KeyObject, Object.prototype.toString.call(rsa));

// Signatures.
const msg = Buffer.from('recorded message');
for (const digest of ['sha1', 'sha256', 'sha384', 'sha512', 'RSA-SHA256', 'sha3-256']) {
  const s = crypto.sign(digest, msg, rsa);
  const s2 = crypto.createSign(digest).update('recorded ').update(Buffer.from('message')).sign(KEYS.rsa, 'base64');
  console.log('rsa pkcs1', digest, s.toString('hex'), s2 === s.toString('base64'), crypto.verify(digest, msg, crypto.createPublicKey(rsa), s), crypto.createVerify(digest).update(msg).verify(rsa, s2, 'base64'));
}
console.log('ed25519', crypto.sign(null, msg, ed).toString('hex'), crypto.verify(undefined, msg, crypto.createPublicKey(ed), crypto.sign(null, msg, ed)));
console.log('node p256', crypto.verify('sha256', msg, p256, Buffer.from(NODE.p256, 'base64')), crypto.verify('sha256', Buffer.from('other'), p256, Buffer.from(NODE.p256, 'base64')));
console.log('node p256 p1363', crypto.verify('sha384', msg, { key: p256, dsaEncoding: 'ieee-p1363' }, Buffer.from(NODE.p256p1363, 'base64')));
console.log('node p384', crypto.createVerify('sha384').update(msg).verify(crypto.createPublicKey(p384).export({ format: 'pem', type: 'spki' }), NODE.p384, 'base64'));
console.log('node pss', crypto.verify('sha256', msg, { key: rsa, padding: crypto.constants.RSA_PKCS1_PSS_PADDING }, Buffer.from(NODE.pss, 'base64')));
console.log('node pss salt 32', crypto.verify('sha512', msg, { key: rsa, padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 }, Buffer.from(NODE.pss32, 'base64')),
  crypto.verify('sha512', msg, { key: rsa, padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: 20 }, Buffer.from(NODE.pss32, 'base64')));
for (const [name, k, opts] of [['p256', p256, {}], ['p384', p384, { dsaEncoding: 'ieee-p1363' }], ['pss', rsa, { padding: 6, saltLength: 10 }]]) {
  const s = crypto.sign('sha256', msg, { key: k, ...opts });
  console.log('own', name, s.length <= 128, crypto.verify('sha256', msg, { key: crypto.createPublicKey(k), ...opts }, s), crypto.verify('sha256', Buffer.from('x'), { key: k, ...opts }, s));
}
t('sign without key', () => crypto.createSign('sha256').update('x').sign());
t('sign digest', () => crypto.createSign('nope'));
t('ed25519 with createSign', () => crypto.createSign('sha256').update('x').sign(ed));
t('ed25519 with a digest', () => crypto.sign('sha256', msg, ed));
t('sign data type', () => crypto.sign('sha256', 'x', rsa));
t('verify signature type', () => crypto.verify('sha256', msg, rsa, 'x'));

// RSA encryption: Node's ciphertexts opened, ours opened by us.
console.log('oaep', crypto.privateDecrypt(rsa, Buffer.from(NODE.oaep, 'base64')).toString());
console.log('oaep sha256', crypto.privateDecrypt({ key: rsa, oaepHash: 'sha256' }, Buffer.from(NODE.oaep256, 'base64')).toString());
console.log('pkcs1 v1.5', crypto.privateDecrypt({ key: KEYS.rsa, padding: crypto.constants.RSA_PKCS1_PADDING }, Buffer.from(NODE.pkcs1enc, 'base64')).toString());
const own = crypto.publicEncrypt(crypto.createPublicKey(rsa), Buffer.from('round trip'));
console.log('own oaep', own.length, crypto.privateDecrypt(rsa, own).toString());

// ECDH.
const alice = crypto.createECDH('prime256v1');
alice.setPrivateKey(crypto.createHash('sha256').update('alice').digest());
const bob = crypto.createECDH('prime256v1');
bob.setPrivateKey(crypto.createHash('sha256').update('bob').digest());
console.log('ecdh public', alice.getPublicKey('hex'), alice.getPublicKey('base64', 'compressed'));
console.log('ecdh secret', alice.computeSecret(bob.getPublicKey()).toString('hex'), bob.computeSecret(alice.getPublicKey('hex'), 'hex', 'hex'));
console.log('ecdh private', alice.getPrivateKey('hex'));
t('ecdh bad curve', () => crypto.createECDH('nope'));
t('ecdh no keys', () => crypto.createECDH('prime256v1').getPublicKey());
const other = crypto.createPrivateKey({ key: { kty: 'EC', crv: 'P-256', d: bob.getPrivateKey().toString('base64url'), x: bob.getPublicKey().subarray(1, 33).toString('base64url'), y: bob.getPublicKey().subarray(33).toString('base64url') }, format: 'jwk' });
console.log('diffieHellman', crypto.diffieHellman({ privateKey: p256, publicKey: crypto.createPublicKey(other) }).toString('hex') === crypto.diffieHellman({ privateKey: other, publicKey: crypto.createPublicKey(p256) }).toString('hex'));
console.log('getCurves', crypto.getCurves().includes('prime256v1'), crypto.getCurves().includes('secp384r1'));

// Generated keys: their shape, and that they work.
for (const [type, options] of [['rsa', { modulusLength: 1024 }], ['rsa', { modulusLength: 1024, publicExponent: 3 }], ['ec', { namedCurve: 'P-384' }], ['ec', { namedCurve: 'prime256v1' }], ['ed25519', undefined]]) {
  const { publicKey, privateKey } = crypto.generateKeyPairSync(type, options);
  const s = crypto.sign(type === 'ed25519' ? null : 'sha256', msg, privateKey);
  console.log('generated', type, privateKey.asymmetricKeyType, privateKey.asymmetricKeyDetails, publicKey.asymmetricKeyDetails, crypto.verify(type === 'ed25519' ? null : 'sha256', msg, publicKey, s));
}
const encoded = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256', publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'sec1', format: 'der' } });
console.log('encoded', encoded.publicKey.split('\n')[0], Buffer.isBuffer(encoded.privateKey), encoded.privateKey[0]);
t('generate type', () => crypto.generateKeyPairSync('foo'));
t('generate modulusLength', () => crypto.generateKeyPairSync('rsa', {}));
t('generate namedCurve', () => crypto.generateKeyPairSync('ec', {}));
t('generate curve', () => crypto.generateKeyPairSync('ec', { namedCurve: 'foo' }));
const hmacKey = crypto.generateKeySync('hmac', { length: 64 });
console.log('generateKeySync', hmacKey.type, hmacKey.symmetricKeySize);
// The callback forms, one after another (jobs on the pool finish in any
// order when several run at once).
crypto.sign(null, msg, ed, (err, s) => {
  console.log('sign callback', err, s.toString('hex') === crypto.sign(null, msg, ed).toString('hex'));
  crypto.verify('sha256', msg, p256, Buffer.from(NODE.p256, 'base64'), (err, ok) => {
    console.log('verify callback', err, ok);
    crypto.generateKeyPair('ed25519', { publicKeyEncoding: { type: 'spki', format: 'der' } }, (err, pub, priv) => {
      console.log('generateKeyPair callback', err, pub.length, priv.type);
      crypto.generateKey('aes', { length: 256 }, (err, k) => console.log('generateKey callback', err, k.symmetricKeySize));
    });
  });
});
t('generateKey aes length', () => crypto.generateKeySync('aes', { length: 100 }));

// Recorded with: node tests/node/crypto_digests_hmacs_and_key_derivation_match_node.js > tests/node/crypto_digests_hmacs_and_key_derivation_match_node.out
// node:crypto's deterministic results byte for byte, and its errors.
const crypto = require('crypto');
const inputs = ['', 'abc', 'The quick brown fox jumps over the lazy dog', 'é ü 漢字 🎉', 'x'.repeat(1000)];
for (const alg of crypto.getHashes().filter((h) => /^(md5|sha1|sha224|sha256|sha384|sha512|sha512-224|sha512-256|sha3-256|sha3-512|ripemd160)$/.test(h))) {
  for (const input of inputs) console.log(alg, JSON.stringify(input.slice(0, 12)), crypto.createHash(alg).update(input).digest('hex'));
}
const h = crypto.createHash('sha256').update('part one, ');
const copy = h.copy();
console.log('copy', h.update('part two').digest('base64'), copy.update('another ending').digest('base64url'));
console.log('chunks', crypto.createHash('sha1').update('ab').update(Buffer.from('c')).update(new Uint8Array([100])).digest('hex'));
console.log('encodings', crypto.createHash('md5').update('616263', 'hex').digest('hex'), crypto.createHash('md5').update('YWJj', 'base64').digest('latin1').length);
console.log('hash()', crypto.hash('sha1', 'abc'), crypto.hash('sha256', 'abc', 'base64'), crypto.hash('md5', Buffer.from('abc'), 'buffer'));
console.log('RSA-SHA256 alias', crypto.createHash('RSA-SHA256').update('abc').digest('hex') === crypto.createHash('sha256').update('abc').digest('hex'));
for (const alg of ['md5', 'sha1', 'sha256', 'sha512', 'sha3-256']) {
  console.log('hmac', alg, crypto.createHmac(alg, 'key').update('The quick brown fox jumps over the lazy dog').digest('hex'));
}
console.log('hmac long key', crypto.createHmac('sha256', 'k'.repeat(200)).update('data').digest('hex'));
console.log('hmac buffer key', crypto.createHmac('sha256', Buffer.from([1, 2, 3])).update('data').digest('base64'));
const mac = crypto.createHmac('sha256', 'key');
mac.update('x');
console.log('hmac digest twice', mac.digest('hex').length, JSON.stringify(mac.digest('hex')));
console.log('pbkdf2Sync', crypto.pbkdf2Sync('password', 'salt', 1, 20, 'sha1').toString('hex'));
console.log('pbkdf2Sync', crypto.pbkdf2Sync('password', 'salt', 4096, 32, 'sha256').toString('hex'));
console.log('pbkdf2Sync', crypto.pbkdf2Sync(Buffer.from('pass\0word'), Buffer.from('sa\0lt'), 100, 64, 'sha512').toString('base64'));
console.log('hkdfSync', Buffer.from(crypto.hkdfSync('sha256', 'ikm', 'salt', 'info', 42)).toString('hex'));
console.log('hkdfSync is an ArrayBuffer', crypto.hkdfSync('sha1', 'key', '', '', 10) instanceof ArrayBuffer);
console.log('scryptSync', crypto.scryptSync('password', 'salt', 32, { N: 1024, r: 8, p: 1 }).toString('hex'));
console.log('scryptSync', crypto.scryptSync('', '', 16, { cost: 16, blockSize: 1, parallelization: 1 }).toString('hex'));
console.log('randomBytes', crypto.randomBytes(16).length, crypto.randomBytes(0).length, Buffer.isBuffer(crypto.randomBytes(3)));
console.log('randomUUID', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(crypto.randomUUID()));
const ints = crypto.getRandomValues(new Uint32Array(4));
console.log('getRandomValues', ints.length, ints instanceof Uint32Array, globalThis.crypto.getRandomValues(new Uint8Array(2)).length);
const n = crypto.randomInt(10);
console.log('randomInt', Number.isInteger(n) && n >= 0 && n < 10, crypto.randomInt(5, 6));
const filled = crypto.randomFillSync(Buffer.alloc(8, 0), 2, 4);
console.log('randomFillSync keeps the edges', filled[0], filled[1], filled[6], filled[7]);
console.log('timingSafeEqual', crypto.timingSafeEqual(Buffer.from('abc'), Buffer.from('abc')), crypto.timingSafeEqual(Buffer.from('abc'), Buffer.from('abd')));
const t = (f) => { try { f(); console.log('no error'); } catch (e) { console.log(e.name, e.code, e.message); } };
t(() => crypto.createHash('nope'));
t(() => crypto.createHmac('nope', 'k'));
t(() => crypto.createHash('sha256').update(5));
t(() => { const x = crypto.createHash('sha256'); x.digest(); x.update('more'); });
t(() => crypto.pbkdf2Sync('p', 's', 0, 32, 'sha256'));
t(() => crypto.pbkdf2Sync('p', 's', 1, 32, 'nope'));
t(() => crypto.hkdfSync('sha256', 'k', 's', 'i', 255 * 32 + 1));
t(() => crypto.scryptSync('p', 's', 64, { N: 3 }));
t(() => crypto.scryptSync('p', 's', 64, { N: 16, cost: 16 }));
t(() => crypto.randomBytes(-1));
t(() => crypto.randomInt(5, 5));
t(() => crypto.timingSafeEqual(Buffer.from('a'), Buffer.from('ab')));
t(() => crypto.getRandomValues(new Float64Array(1)));
t(() => crypto.getRandomValues(new Uint8Array(65537)));
t(() => crypto.pbkdf2('p', 's', 1, 32, 'sha256'));

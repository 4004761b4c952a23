// Recorded with: node tests/node/assert_partial_deep_strict_equal_and_the_assert_class.js > tests/node/assert_partial_deep_strict_equal_and_the_assert_class.out
// assert.partialDeepStrictEqual and the Assert class as Node 24 has them.
const assert = require('assert');
const { Assert } = assert;
const check = (name, f) => {
  try {
    f();
    console.log(name, 'passes');
  } catch (e) {
    console.log(name, e.code, e.message.split('\n').join(' | '));
  }
};
check('subset of keys', () => assert.partialDeepStrictEqual({ a: 1, b: { c: 2, d: 3 } }, { b: { c: 2 } }));
check('extra key', () => assert.partialDeepStrictEqual({ a: 1 }, { a: 1, b: 2 }));
check('array subsequence', () => assert.partialDeepStrictEqual([1, 2, 3, 4], [2, 4]));
check('array order', () => assert.partialDeepStrictEqual([1, 2, 3], [3, 1]));
check('sparse', () => assert.partialDeepStrictEqual([1, , 3], [1, 3]));
check('set', () => assert.partialDeepStrictEqual(new Set([1, { a: 1 }]), new Set([{ a: 1 }])));
check('map', () => assert.partialDeepStrictEqual(new Map([[1, 'a'], [2, 'b']]), new Map([[2, 'b']])));
check('typed', () => assert.partialDeepStrictEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 3])));
check('prototype', () => assert.partialDeepStrictEqual(Object.create(null), {}));
check('strict values', () => assert.partialDeepStrictEqual({ a: 1 }, { a: '1' }));
check('weakmap', () => assert.deepStrictEqual(new WeakMap(), new WeakMap()));
check('url', () => assert.ok(!require('util').isDeepStrictEqual(new URL('http://a/b'), new URL('http://a/c'))));
check('invalid dates', () => assert.deepStrictEqual(new Date('x'), new Date('y')));
check('new required', () => Assert());
check('bad diff', () => new Assert({ diff: 'no' }));
const loose = new Assert({ strict: false });
const strict = new Assert();
check('loose equal', () => loose.equal(1, '1'));
check('strict equal', () => strict.equal(1, '1'));
console.log(strict.equal === strict.strictEqual, loose.equal === loose.strictEqual);
const skip = new Assert({ skipPrototype: true });
class A { constructor() { this.x = 1; } }
class B { constructor() { this.x = 1; } }
check('skipPrototype', () => skip.deepStrictEqual(new A(), new B()));
check('prototypes differ', () => strict.deepStrictEqual(new A(), new B()));
const full = new Assert({ diff: 'full' });
try {
  full.strictEqual('a', 'b');
} catch (e) {
  console.log(e.diff, e.operator);
}
const { strictEqual } = full;
try {
  strictEqual('a', 'b');
} catch (e) {
  console.log('destructured', e.diff);
}

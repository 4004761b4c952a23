// Recorded with: node tests/node/assert_messages_match_node.js > tests/node/assert_messages_match_node.out
// node:assert's failures as Node 24 reports them: each AssertionError's
// message (diffs of one-line and many-line values, cut runs of unchanged
// lines, the caret under a string difference), generatedMessage, code,
// operator, and the argument errors of the functions.
const assert = require('assert');

function report(label, fn) {
  try {
    fn();
    console.log(`${label}: no error`);
  } catch (e) {
    console.log(`== ${label}: ${e.name} ${e.code} operator=${e.operator} generated=${e.generatedMessage} diff=${e.diff}`);
    console.log(e.message);
    if (e instanceof assert.AssertionError) console.log(`actual=${typeof e.actual} expected=${typeof e.expected} keys=${Object.keys(e).join(',')}`);
  }
}

const long = Array.from({ length: 30 }, (_, i) => i);
const longChanged = long.map((v) => (v === 14 || v === 3 ? -v : v));
const nested = { name: 'x', list: [1, 2, { deep: true, more: [1, 2, 3] }], map: new Map([['a', 1], ['b', 2]]), set: new Set([1, 2]) };
const nested2 = { name: 'x', list: [1, 2, { deep: false, more: [1, 2, 3, 4] }], map: new Map([['a', 1], ['b', 3]]), set: new Set([1, 3]) };

report('strictEqual numbers', () => assert.strictEqual(1, 2));
report('strictEqual zero', () => assert.strictEqual(0, -0));
report('strictEqual NaN', () => assert.strictEqual(NaN, 1));
report('strictEqual bigint', () => assert.strictEqual(1n, 1));
report('strictEqual short strings', () => assert.strictEqual('ab', 'ac'));
report('strictEqual strings caret', () => assert.strictEqual('hello world', 'hello there'));
report('strictEqual long strings', () => assert.strictEqual('a'.repeat(60), `${'a'.repeat(59)}b`));
report('strictEqual multiline strings', () => assert.strictEqual('one\ntwo\nthree', 'one\n2\nthree'));
report('strictEqual objects', () => assert.strictEqual({ a: 1 }, { a: 1 }));
report('strictEqual different objects', () => assert.strictEqual({ a: 1 }, { a: 2 }));
report('strictEqual functions', () => assert.strictEqual(() => {}, function named() {}));
report('strictEqual object and number', () => assert.strictEqual({ a: 1 }, 1));
report('strictEqual custom message', () => assert.strictEqual(1, 2, 'my message'));
report('strictEqual error message', () => assert.strictEqual(1, 2, new RangeError('thrown instead')));
report('deepStrictEqual arrays', () => assert.deepStrictEqual([1, 2, 3], [1, 2, 4]));
report('deepStrictEqual long arrays', () => assert.deepStrictEqual(long, longChanged));
report('deepStrictEqual nested', () => assert.deepStrictEqual(nested, nested2));
report('deepStrictEqual same shape', () => assert.deepStrictEqual(new Set([1]), new Set(['1'])));
report('deepStrictEqual errors', () => assert.deepStrictEqual(new Error('x'), new TypeError('x')));
report('deepStrictEqual custom', () => assert.deepStrictEqual({ a: [1] }, { a: [2] }, 'custom headline'));
report('deepStrictEqual added keys', () => assert.deepStrictEqual({ a: 1, b: 2, c: 3 }, { a: 1, c: 3, d: 4 }));
report('deepStrictEqual prototypes', () => assert.deepStrictEqual(Object.create(null), {}));
report('notStrictEqual', () => assert.notStrictEqual(5, 5));
report('notStrictEqual long', () => assert.notStrictEqual('long string value', 'long string value'));
report('notStrictEqual object', () => { const o = { a: [1, 2] }; assert.notStrictEqual(o, o); });
report('notDeepStrictEqual', () => assert.notDeepStrictEqual({ a: 1, b: [2] }, { a: 1, b: [2] }));
report('notDeepStrictEqual long', () => assert.notDeepStrictEqual(long, long.slice()));
report('equal', () => assert.equal(1, '2'));
report('equal NaN', () => assert.equal(NaN, NaN));
report('notEqual', () => assert.notEqual(1, '1'));
report('deepEqual', () => assert.deepEqual({ a: 1, b: { c: 2 } }, { a: 1, b: { c: 3 } }));
report('deepEqual loose', () => assert.deepEqual({ a: 1 }, { a: '1' }));
report('notDeepEqual same', () => assert.notDeepEqual([1, 2], [1, 2]));
report('notDeepEqual loose', () => assert.notDeepEqual([1, 2], ['1', '2']));
report('ok no args', () => assert.ok());
report('ok message', () => assert.ok(false, 'ok message'));
report('ok error', () => assert.ok(0, new TypeError('ok error')));
report('assert quoted', () => assert(null));
report('assert.ok quoted', () => assert.ok(typeof 1 === 'string'));
report('assert.ok quoted, two lines', () => {
  assert.ok(
    [1, 2].includes(3) || ''
  );
});
report('fail', () => assert.fail());
report('fail message', () => assert.fail('boom'));
report('fail error', () => assert.fail(new TypeError('typed')));
report('fail operator', () => assert.fail(1, 2, undefined, '>'));
report('match', () => assert.match('abc', /x/));
report('match not string', () => assert.match(123, /x/));
report('match message', () => assert.match('abc', /x/, 'match message'));
report('match bad regexp', () => assert.match('abc', 'x'));
report('doesNotMatch', () => assert.doesNotMatch('abc', /b/));
report('throws nothing', () => assert.throws(() => {}));
report('throws nothing class', () => assert.throws(() => {}, RangeError));
report('throws nothing message', () => assert.throws(() => {}, 'no throw message'));
report('throws nothing class message', () => assert.throws(() => {}, TypeError, 'with class'));
report('throws regexp', () => assert.throws(() => { throw new Error('wrong'); }, /right/));
report('throws class', () => assert.throws(() => { throw new TypeError('t'); }, RangeError));
report('throws same name', () => assert.throws(() => { throw new (class RangeError extends Error {})('x'); }, RangeError));
report('throws non-error', () => assert.throws(() => { throw 'str'; }, RangeError));
report('throws validator', () => assert.throws(() => { throw new Error('v'); }, (e) => e.message === 'w'));
report('throws named validator', () => assert.throws(() => { throw new Error('v'); }, function check() { return 1; }));
report('throws object', () => assert.throws(() => { throw new Error('e'); }, { message: 'f', name: 'Error' }));
report('throws object regexp', () => assert.throws(() => { throw new Error('e'); }, { message: /x/ }));
report('throws error instance', () => assert.throws(() => { throw new Error('e'); }, new Error('g')));
report('throws object message', () => assert.throws(() => { throw new Error('e'); }, { code: 'X' }, 'object message'));
report('throws object vs primitive', () => assert.throws(() => { throw 5; }, { a: 1 }));
report('throws empty object', () => assert.throws(() => { throw new Error('e'); }, {}));
report('throws ambiguous', () => assert.throws(() => { throw new Error('same'); }, 'same'));
report('throws bad error arg', () => assert.throws(() => { throw new Error('e'); }, 5));
report('throws string and message', () => assert.throws(() => { throw new Error('e'); }, 'a', 'b'));
report('throws not a function', () => assert.throws('x'));
report('throws passes', () => assert.throws(() => { throw new TypeError('ok'); }, TypeError));
report('doesNotThrow', () => assert.doesNotThrow(() => { throw new Error('inner'); }));
report('doesNotThrow message', () => assert.doesNotThrow(() => { throw new Error('inner'); }, 'custom'));
report('doesNotThrow other class', () => assert.doesNotThrow(() => { throw new Error('rethrown'); }, TypeError));
report('doesNotThrow bad expected', () => assert.doesNotThrow(() => { throw new Error('e'); }, {}));
report('ifError error', () => assert.ifError(new Error('if')));
report('ifError object', () => assert.ifError({ a: 1 }));
report('ifError string', () => assert.ifError('s'));
report('ifError empty message', () => assert.ifError(new TypeError('')));
report('ifError null', () => assert.ifError(null));
report('missing args', () => assert.strictEqual(1));
report('AssertionError options', () => new assert.AssertionError(1));
report('AssertionError made', () => { throw new assert.AssertionError({ actual: [1], expected: [2], operator: 'deepStrictEqual' }); });
report('strict.equal', () => assert.strict.equal(1, '1'));
report('strict ok', () => assert.strict(0, 'strict message'));

const e = new assert.AssertionError({ actual: 1, expected: 2, operator: 'strictEqual' });
console.log(e.name, String(e), e.stack.split('\n')[0], Object.keys(assert).filter((k) => !['CallTracker', 'partialDeepStrictEqual', 'Assert'].includes(k)).join(','));
console.log(assert.strict.strict === assert.strict, assert.ok === assert, assert.strict.equal === assert.strictEqual);

(async () => {
  const tries = [
    ['rejects resolved', () => assert.rejects(Promise.resolve(1))],
    ['rejects class', () => assert.rejects(Promise.resolve(1), TypeError)],
    ['rejects bad return', () => assert.rejects(() => 1)],
    ['rejects bad arg', () => assert.rejects(1)],
    ['rejects mismatch', () => assert.rejects(Promise.reject(new Error('q')), /r/)],
    ['rejects passes', () => assert.rejects(async () => { throw new Error('q'); }, /q/)],
    ['doesNotReject', () => assert.doesNotReject(Promise.reject(new Error('r')))],
    ['doesNotReject message', () => assert.doesNotReject(() => Promise.reject(new Error('r')), 'why')],
    ['doesNotReject passes', () => assert.doesNotReject(Promise.resolve(2))],
  ];
  for (const [label, fn] of tries) {
    try {
      await fn();
      console.log(`${label}: resolved`);
    } catch (err) {
      console.log(`== ${label}: ${err.name} ${err.code} operator=${err.operator} generated=${err.generatedMessage}`);
      console.log(err.message);
    }
  }
})();

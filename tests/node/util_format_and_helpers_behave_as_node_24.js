// Recorded with: node tests/node/util_format_and_helpers_behave_as_node_24.js
// util.format's specifiers, and util's helpers (deep equality, types,
// promisify/callbackify/deprecate, styleText, system error names) as in
// Node 24, each callback printing when it runs (next ticks, promise
// reactions and an immediate: an order the loop fixes).
const util = require('util');

const formats = [
  ['%s|%s|%s|%s|%s', 'str', 42, -0, 10n, Symbol('s')],
  ['%s', { a: { b: { c: 1 } } }],
  ['%s', { toString() { return 'own toString'; } }],
  ['%s', new Date(0)],
  ['%s', [1, [2, [3]]]],
  ['%s', null, undefined],
  ['%d|%d|%d|%d|%d', '42', 1.5, 10n, Symbol('x'), {}],
  ['%i|%i|%i|%i', '42.9px', -3.7, 5n, 'abc'],
  ['%f|%f|%f', '1.25e2', 'x', -0],
  ['%j|%j|%j', { a: [1, 'b'] }, 'str', undefined],
  ['%o', { f() {}, arr: [1] }],
  ['%O', { a: { b: { c: { d: 1 } } } }],
  ['%c styled %s', 'color: red', 'text'],
  ['100%% sure, %x stays, %s', 'ok'],
  ['%s and %s', 'only one'],
  ['no specifiers', 'extra', 1, { o: 1 }],
  [42, 'after a number', { n: 1 }],
  ['%%s is not a specifier here'],
  ['trailing %'],
  ['', 'empty first'],
];
for (const args of formats) console.log(JSON.stringify(util.format(...args)));
console.log(JSON.stringify(util.formatWithOptions({ compact: false, depth: 0 }, '%O and', { a: { b: 1 } }, [1])));
try {
  util.formatWithOptions(null, 'x');
} catch (err) {
  console.log(err.code, err.message);
}

// Deep equality.
const pairs = [
  [{ a: [1, 2, { b: 3 }] }, { a: [1, 2, { b: 3 }] }],
  [{ a: 1 }, { a: '1' }],
  [[1, , 3], [1, undefined, 3]],
  [new Set([1, { x: 1 }]), new Set([{ x: 1 }, 1])],
  [new Map([[{ k: 1 }, 'v']]), new Map([[{ k: 1 }, 'v']])],
  [new Map([[1, 'a']]), new Map([[1, 'b']])],
  [new Date(5), new Date(5)],
  [/a/g, /a/i],
  [new Error('x'), new Error('x')],
  [new TypeError('x'), new Error('x')],
  [NaN, NaN],
  [0, -0],
  [new Uint8Array([1, 2]), new Uint8Array([1, 2])],
  [new Uint8Array([1, 2]), new Int8Array([1, 2])],
  [Object.create(null), {}],
  [new Number(1), new Number(1)],
  [new String('a'), 'a'],
  [{ [Symbol.for('s')]: 1 }, { [Symbol.for('s')]: 2 }],
];
console.log(pairs.map(([a, b]) => util.isDeepStrictEqual(a, b)).join(' '));
const circularA = { name: 'c' };
circularA.self = circularA;
const circularB = { name: 'c' };
circularB.self = circularB;
console.log(util.isDeepStrictEqual(circularA, circularB));
class Left { constructor() { this.v = 1; } }
class Right { constructor() { this.v = 1; } }
console.log(util.isDeepStrictEqual(new Left(), new Right()), util.isDeepStrictEqual(new Left(), new Right(), true));

// util.types.
const t = util.types;
console.log([
  t.isPromise(Promise.resolve()), t.isPromise({ then() {} }), t.isRegExp(/x/), t.isDate(new Date()),
  t.isMap(new Map()), t.isSet(new WeakSet()), t.isWeakSet(new WeakSet()), t.isTypedArray(new Float32Array(1)),
  t.isUint8Array(Buffer.alloc(1)), t.isArrayBuffer(new ArrayBuffer(1)), t.isAnyArrayBuffer(new SharedArrayBuffer(1)),
  t.isDataView(new DataView(new ArrayBuffer(1))), t.isNativeError(new RangeError()), t.isNativeError({ name: 'Error' }),
  t.isBoxedPrimitive(Object(1n)), t.isNumberObject(1), t.isAsyncFunction(async () => {}),
  t.isGeneratorFunction(function* () {}), t.isGeneratorObject((function* () {})()),
  t.isMapIterator(new Map().keys()), t.isSetIterator(new Set().values()), t.isArgumentsObject((function () { return arguments; })()),
].join(' '));

// Helpers.
console.log(util.stripVTControlCharacters('\u001b[31mred\u001b[39m and \u001b]8;;link\u0007text'));
console.log(JSON.stringify(util.styleText(['bold', 'underline'], 'styled', { validateStream: false })));
console.log(JSON.stringify(util.styleText('red', 'piped, so plain')));
try {
  util.styleText('no-such-style', 'x');
} catch (err) {
  console.log(err.code);
}
console.log(util.getSystemErrorName(-2), util.getSystemErrorName(-4095), util.getSystemErrorMessage(-13), util.getSystemErrorMap().size);
console.log(util.toUSVString('a\ud800b'), util.inspect.custom.toString(), util.promisify.custom.toString());
function Base() {}
Base.prototype.hello = function () { return 'hello'; };
function Derived() {}
util.inherits(Derived, Base);
console.log(new Derived().hello(), Derived.super_ === Base);

const viaCallback = (a, b, cb) => setImmediate(() => cb(null, a + b));
const failing = (cb) => process.nextTick(() => cb(new Error('failed')));
util.promisify(viaCallback)(1, 2).then((sum) => console.log(`promisified ${sum}`));
util.promisify(failing)().catch((err) => console.log(`promisified rejects: ${err.message}`));
const custom = () => {};
custom[util.promisify.custom] = () => Promise.resolve('custom promise');
console.log(util.promisify(custom) === custom[util.promisify.custom]);
util.promisify(custom)().then((v) => console.log(v));
const asyncFn = async (x) => x * 2;
util.callbackify(asyncFn)(21, (err, value) => console.log(`callbackified ${err} ${value}`));
util.callbackify(async () => { throw null; })((err) => console.log(`falsy rejection: ${err.code} ${err.reason}`));
console.log(util.callbackify(asyncFn).name, util.callbackify(asyncFn).length);
const old = util.deprecate(() => 'still works', 'old() is old', 'DEP_TEST');
console.log(old(), old());
const debug = util.debuglog('jsloop-test-section');
console.log(typeof debug, debug.enabled);

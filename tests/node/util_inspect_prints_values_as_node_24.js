// Recorded with: node tests/node/util_inspect_prints_values_as_node_24.js
// util.inspect of a corpus of values, with its options, line by line as
// Node 24 prints them (errors carry a stack set here, since engines word
// their stack frames differently).
const util = require('util');
const { inspect } = util;
let n = 0;
const show = (value, options) => {
  n++;
  console.log(`--- ${n}`);
  console.log(inspect(value, options));
};

// Primitives.
show(1); show(-0); show(1.5e300); show(NaN); show(-Infinity); show(123n);
show('a'); show("it's"); show('say "hi" it\'s'); show('`${x}` "y" \'z\'');
show('tab\there\nnew\u0000\u001b\u007f\u0085 line \ud800 lone');
show(true); show(undefined); show(null); show(Symbol('sym')); show(Symbol()); show(Symbol.iterator);
show(1234567.891, { numericSeparator: true }); show(-1234567n, { numericSeparator: true });
show(0.0000012345, { numericSeparator: true }); show(123456789.12345678, { numericSeparator: true });
show('x'.repeat(30), { maxStringLength: 10 });
show(['y'.repeat(200)], { maxStringLength: 100 });

// Plain objects and arrays.
show({}); show([]); show({ a: 1, b: 'two', c: [1, 2, 3], d: { e: { f: { g: { h: 1 } } } } });
show({ 'key with space': 1, 'valid_id$': 2, '1abc': 3, 42: 4, '': 5, [Symbol('s')]: 6, [Symbol()]: 7 });
show([1, , 3, , , 6]); show(new Array(5)); show([, 'a']);
const withExtra = [1, 2, 3];
withExtra.extra = true;
withExtra[-1] = 'neg';
show(withExtra);
show(Array.from({ length: 120 }, (_, i) => i));
show(Array.from({ length: 30 }, (_, i) => 'item' + i));
show(Array.from({ length: 26 }, (_, i) => String.fromCharCode(97 + i).repeat(i % 7 + 1)));
show(Array.from({ length: 10 }, (_, i) => -i * 1000));
show(Array.from({ length: 8 }, (_, i) => ({ i })));
show([[1, 2, [3, 4, [5, [6, [7]]]]]]);
show({ a: { b: { c: { d: { e: 1 } } } } }, { depth: 0 });
show({ a: { b: { c: { d: { e: 1 } } } } }, { depth: Infinity });
show({ a: [{ b: 1 }, { c: [2] }] }, { depth: 1 });
show([1, 2, 3, 4, 5], { maxArrayLength: 2 });
show([1, 2, 3], { maxArrayLength: 0 });
show({ b: 1, a: 2, c: { z: 1, y: 2 } }, { sorted: true });
show({ b: 1, a: 2 }, { sorted: (x, y) => (x < y ? 1 : -1) });
show({ alpha: 'aaaaaaaaaaaaaaaa', beta: 'bbbbbbbbbbbbbbbbbbbbb', gamma: 'ccccccccccccccccccc', delta: 1 });
show({ a: 1, b: { c: 2 } }, { compact: false });
show({ a: 1, b: { c: 2 } }, { compact: true });
show({ a: 1, b: { c: { d: 2 } } }, { compact: 1 });
show({ a: [1, 2, 3], b: 'x'.repeat(70) }, { breakLength: Infinity });
show({ a: 1, b: 2, c: 3 }, { breakLength: 10 });
show({ text: 'The quick brown fox jumps over the lazy dog. '.repeat(4) });
show('The quick brown fox jumps over the lazy dog. '.repeat(4));
show({ multi: 'line one\nline two\nline three' });
show({ nested: { arr: [{ x: 1, y: [1, 2, { z: 'deep' }] }], more: 'text' } });

// Circular references.
const circ = { name: 'loop' };
circ.self = circ;
circ.list = [circ, { back: circ }];
show(circ);
const a = { id: 'a' };
const b = { id: 'b', a };
a.b = b;
show([a, b]);
const circMap = new Map();
circMap.set('me', circMap);
show(circMap);
show(circ, { colors: true });

// Prototypes, classes, functions.
show(Object.create(null));
const np = Object.create(null);
np.x = 1;
show(np);
class Foo { constructor() { this.x = 1; } }
class Bar extends Foo {}
show(new Foo()); show(new Bar()); show(Foo); show(Bar);
show(class {}); show(class extends Foo {});
function named() {}
show(named); show(() => {}); show(async function af() {}); show(function* gen() {});
show(async function* agen() {}); show(async () => {});
const fnWithProps = function withProps() {};
fnWithProps.prop = 1;
show(fnWithProps);
const anon = (() => function () {})();
show(anon);
show(Object.setPrototypeOf(function nullProto() {}, null));
const nullProtoFoo = Object.create(Foo.prototype);
show(nullProtoFoo);
class Tagged { get [Symbol.toStringTag]() { return 'TagName'; } }
show(new Tagged());
show({ [Symbol.toStringTag]: 'Custom' });
// The tag is left out when the class's name says it (as a CamelCase word).
for (const [name, tag] of [['Tagged', 'T'], ['Tagged', 'ged'], ['ABC', 'A'], ['Foo', 'o'], ['MapX', 'Map'], ['Mapping', 'Map'], ['Map2', 'Map'], ['map', 'Map']]) {
  const Named = { [name]: class { get [Symbol.toStringTag]() { return tag; } } }[name];
  show(new Named());
}
const fakeCtor = Object.create({ constructor: { name: 'Fake' } });
show(fakeCtor);
function Legacy() { this.v = 1; }
Legacy.prototype.method = function () {};
show(new Legacy());
show(Object.create(Object.create(null)));
show({ get thrower() { throw 'a string'; } }, { getters: true });
show(Math); show(JSON); show(globalThis.Reflect === undefined ? 'none' : 'has Reflect');

// Getters, setters and hidden properties.
const withStack = (err, stack) => { err.stack = stack; return err; };
const acc = {
  get g() { return 1; },
  set s(v) {},
  get gs() { return 'both'; },
  set gs(v) {},
  get thrower() { throw withStack(new Error('nope'), 'Error: nope\n    at get thrower (/t.js:1:1)'); },
};
show(acc);
show(acc, { getters: true });
show({ get g() { return { nested: 1 }; }, get gs() { return 2; }, set gs(v) {} }, { getters: 'get' });
show({ get g() { return 1; }, get gs() { return 2; }, set gs(v) {} }, { getters: 'set' });
const hidden = { visible: 1 };
Object.defineProperty(hidden, 'hidden', { value: 2, enumerable: false });
show(hidden); show(hidden, { showHidden: true });
show([1, 2], { showHidden: true });
show(Object.defineProperty([], 'length', { value: 0 }));

// Boxed primitives.
show(new Number(3)); show(new Number(-0)); show(new String('boxed')); show(new Boolean(false));
show(Object(Symbol('boxed'))); show(Object(10n));
const boxedWithProp = new String('ab');
boxedWithProp.extra = 1;
show(boxedWithProp);

// Dates and RegExps.
show(new Date(0)); show(new Date(NaN)); show(new Date(Date.UTC(2020, 1, 29, 12, 30, 15, 5)));
const dateWithProp = new Date(86400000);
dateWithProp.note = 'x';
show(dateWithProp);
show(/ab+c/gi); show(new RegExp('a/b')); show(/x/y);
const reWithProp = /re/;
reWithProp.extra = true;
show(reWithProp);
class MyRegExp extends RegExp {}
show(new MyRegExp('sub'));
class MyDate extends Date {}
show(new MyDate(0));

// Maps, Sets, iterators, weak collections.
show(new Map()); show(new Set());
show(new Map([['k', { v: 1 }], [{ key: 1 }, ['val']]]));
show(new Set([1, 'two', [3]]));
const mapWithProp = new Map([[1, 2]]);
mapWithProp.extra = 'yes';
show(mapWithProp);
show(new Map([[1, 2]]), { showHidden: true });
show(new Set(Array.from({ length: 120 }, (_, i) => i)));
show(new Map(Array.from({ length: 5 }, (_, i) => [i, i])), { maxArrayLength: 2 });
show([1, 2][Symbol.iterator]());
show(new WeakMap()); show(new WeakSet());
class MyMap extends Map {}
show(new MyMap([[1, 1]]));
class MySet extends Set {}
show(new MySet());

// Typed arrays, buffers, views.
show(new Uint8Array([1, 2, 3])); show(new Float64Array([1.5, -0, NaN]));
show(new BigInt64Array([1n, -2n])); show(new Int16Array(0));
show(new Uint8Array(200));
show(new Uint8Array([1, 2]), { showHidden: true });
show(new ArrayBuffer(4)); show(new Uint8Array([10, 20, 30, 255]).buffer);
show(new ArrayBuffer(100));
show(new DataView(new ArrayBuffer(2), 1));
show(Buffer.from('hello'));
show(new SharedArrayBuffer(2));
const taWithProp = new Uint8Array(2);
taWithProp.extra = 1;
show(taWithProp);

// Promises.
show(Promise.resolve(42)); show(Promise.resolve({ a: [1] })); show(new Promise(() => {}));
const rejected = Promise.reject(new RangeError('r'));
rejected.catch(() => {});
const rejectedPlain = Promise.reject(3);
rejectedPlain.catch(() => {});
show(rejectedPlain);
const promiseWithProp = Promise.resolve(1);
promiseWithProp.extra = 2;
show(promiseWithProp);

// Errors (with a stack set here).
show(withStack(new Error('boom'), 'Error: boom\n    at f (/x/y.js:1:2)\n    at g (/x/y.js:3:4)'));
show(withStack(new TypeError('bad'), 'TypeError: bad\n    at h (/x/z.js:5:6)'));
const errProps = withStack(new Error('props'), 'Error: props\n    at a (/a.js:1:1)');
errProps.code = 'E_CODE';
errProps.info = { x: 1 };
show(errProps);
show(withStack(new Error('msg'), 'no frames here'));
show(withStack(new Error('msg'), ''));
const causeErr = new Error('outer', { cause: withStack(new Error('inner'), 'Error: inner\n    at in (/i.js:1:1)') });
show(withStack(causeErr, 'Error: outer\n    at out (/o.js:2:2)'));
show(withStack(new Error('prim cause', { cause: 'just a string' }), 'Error: prim cause\n    at p (/p.js:1:1)'));
const agg = new AggregateError([withStack(new Error('e1'), 'Error: e1\n    at one (/1.js:1:1)'), 2], 'many');
show(withStack(agg, 'AggregateError: many\n    at agg (/agg.js:1:1)'));
class MyError extends Error {}
show(withStack(new MyError('mine'), 'Error: mine\n    at m (/m.js:1:1)'));
class NamedError extends Error { constructor(m) { super(m); this.name = 'NamedError'; } }
show(withStack(new NamedError('named'), 'NamedError: named\n    at n (/n.js:1:1)'));
const renamed = withStack(new Error('renamed'), 'Error: renamed\n    at r (/r.js:1:1)');
renamed.name = 'Other';
show(renamed);
const noStack = new Error('no stack');
delete noStack.stack;
Object.defineProperty(noStack, 'stack', { value: undefined });
show(noStack);
show({ err: withStack(new Error('nested'), 'Error: nested\n    at x (/x.js:1:1)') });
show([withStack(new Error('in array'), 'Error: in array\n    at y (/y.js:1:1)')]);
show(Object.assign(Object.create(Error.prototype), { message: 'fake' }));
const emptyMsg = withStack(new Error(''), 'Error\n    at e (/e.js:1:1)');
show(emptyMsg);

// Custom inspection.
show({ [inspect.custom]() { return 'custom!'; } });
show({ [inspect.custom](depth, options, insp) { return { depth, replaced: true, same: insp === inspect }; } });
show({ [inspect.custom]() { return this; }, x: 1 });
show({ inner: { [inspect.custom](depth, opts) { return opts.stylize('styled', 'special'); } } });
show({ [inspect.custom]() { return 'not used'; } }, { customInspect: false });
show({ a: { [inspect.custom](depth) { return `depth=${depth}`; } } }, { depth: 5 });
const ctorFn = { inspect() { return 'old style'; } };
show(ctorFn);

// Arguments, namespaces, symbols as values, misc.
(function () { show(arguments); })(1, 'two');
show({ s: Symbol('in object'), f() {}, g: function () {}, h: () => {} });
show({ undef: undefined, nul: null, nan: NaN, neg: -0 });
show([undefined, null]);
show(new (class extends Array {})(1, 2));
show(Object.assign(Object.create({ inherited: 1 }), { own: 2 }));
show(globalThis === global);
show([new Boolean(true), new String('s')]);
show({ a: 'x'.repeat(100) });
show([['a', 'b'], ['c', 'd']]);
show({ 'a-b': 1, a_b: 2, 'ünï': 3, $: 4 });

// Colors.
show({ n: 1, s: 's', u: undefined, nul: null, b: true, sym: Symbol('c'), big: 1n, d: new Date(0), re: /r/ }, { colors: true });
show([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27], { colors: true });

// util.inspect's own properties.
console.log(Object.keys(inspect.defaultOptions).join(','));
console.log(inspect.custom === Symbol.for('nodejs.util.inspect.custom'));
console.log(Object.keys(inspect.colors).sort().join(','));
console.log(Object.keys(inspect.styles).sort().join(','));
console.log(inspect.styles.number, inspect.colors.yellow);
const saved = inspect.defaultOptions.depth;
inspect.defaultOptions.depth = 0;
show({ a: { b: 1 } });
inspect.defaultOptions.depth = saved;
show({ a: { b: { c: { d: 1 } } } });
console.log(inspect({ a: 1 }, false, 0, false));
console.log(inspect({ a: { b: { c: 1 } } }, true, 1));

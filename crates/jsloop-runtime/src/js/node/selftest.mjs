// Developer tool: checks the node glue modules in this directory against the
// real Node.js ones. Run with `node selftest.mjs [-v]` (Node v20). Each glue
// file is evaluated with vm.runInThisContext and called with a small fake
// `internals`; every case compares our output with Node's, printing each
// mismatch. Exit status 1 if any case mismatches.
import fs from 'node:fs';
import vm from 'node:vm';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import nodeUtil from 'node:util';
import nodePath from 'node:path';
import nodeAssert from 'node:assert';
import NodeEE, * as nodeEvents from 'node:events';
import { Console as NodeConsole } from 'node:console';

const dir = path.dirname(fileURLToPath(import.meta.url));
const verbose = process.argv.includes('-v');
const modules = {};
const printed = [];
const warnings = [];
const internals = {
  global: globalThis,
  cwd: () => process.cwd(),
  require: (name) => {
    if (!(name in modules)) throw new Error(`no module ${name}`);
    return modules[name];
  },
  print: (fd, text) => printed.push([fd, text]),
  emitWarning: (w) => warnings.push(typeof w === 'string' ? w : `${w.name}: ${w.message}`),
  now: () => 0,
};
function load(name) {
  const src = fs.readFileSync(path.join(dir, `${name}.js`), 'utf8');
  const factory = vm.runInThisContext(src, { filename: `${name}.js` });
  modules[name] = factory(internals);
  return modules[name];
}
const util = load('util');
const events = load('events');
const ourPath = load('path');
const assert = load('assert');
const con = load('console');

let cases = 0;
let mismatches = 0;
const bySection = {};
let section = '';
function check(label, got, exp) {
  cases++;
  bySection[section] = bySection[section] || [0, 0];
  bySection[section][0]++;
  if (got !== exp) {
    mismatches++;
    bySection[section][1]++;
    console.log(`MISMATCH [${section}] ${label}\n  got: ${JSON.stringify(got)}\n  exp: ${JSON.stringify(exp)}`);
  } else if (verbose) {
    console.log(`ok [${section}] ${label}`);
  }
}
// Error stacks name different files and lines; compare without frames.
const noFrames = (s) => String(s).split('\n').filter((l) => !/^\s+at /.test(l)).join('\n');

// ------------------------------------------------------------------ util.inspect
section = 'inspect';
class Foo { constructor() { this.x = 1; } }
class Bar extends Map { }
const circ = { name: 'c' };
circ.self = circ;
circ.arr = [circ, { back: circ }];
const c2 = { a: {} };
c2.a.b = c2.a;
const errWithProps = new TypeError('bad thing');
errWithProps.code = 'E_X';
const errNoStack = new Error('nostack');
errNoStack.stack = undefined;
const sparse = [1, , 3];
sparse[10] = 5;
const arrWithProps = Object.assign([1, 2], { extra: true, [Symbol('s')]: 1 });
const values = {
  num: 1, negzero: -0, float: 1.5, nan: NaN, inf: -Infinity, str: 'str', quote: "it's", both: 'a"b\'c',
  all3: 'a"b\'c`d', nl: 'line\nbreak', ctrl: '\x00\x1b\x7f', surrogate: '\ud800x', nul: null, undef: undefined,
  bool: true, big: 10n, sym: Symbol('s'), symEmpty: Symbol(), arr: [1, 2, 3], empty: [], obj: { a: 1, b: 'x' },
  emptyObj: {}, deep: { a: { b: { c: { d: 1 } } } }, deepArr: [[[[1]]]], map: new Map([['a', 1], [{ k: 1 }, [1, 2]]]),
  set: new Set([1, 'x', { y: 2 }]), emptyMap: new Map(), date: new Date(0), badDate: new Date(NaN), re: /re\/x/gi,
  fn: function foo() {}, anon: (() => () => {})(), cls: class X {}, clsExt: class Y extends Array {}, arrow: () => {},
  asyncFn: async function af() {}, gen: function* g() {}, asyncGen: async function* ag() {},
  nullProto: Object.create(null), nullProtoKeys: Object.assign(Object.create(null), { x: 1 }), instance: new Foo(),
  long: Array.from({ length: 150 }, (_, i) => i), longStr: Array.from({ length: 30 }, (_, i) => 'item' + i),
  mixed: Array.from({ length: 26 }, (_, i) => (i % 3 ? i * 1000 : 'k' + i)),
  u8: new Uint8Array([1, 2, 3]), f64: new Float64Array(2), big64: new BigInt64Array(2), ab: new ArrayBuffer(4),
  dv: new DataView(new ArrayBuffer(2)), numObj: new Number(3), strObj: new String('ab'), boolObj: new Boolean(false),
  symObj: Object(Symbol('q')), bigObj: Object(5n), sparse, holes: [, , ], arrWithProps,
  keys: { 'a-b': 1, [Symbol('k')]: 2, 3: 'three', __proto__x: 1, 'valid_id': 2 },
  longVals: { longkeyname1: 'some long value here', longkeyname2: 'another long value', longkeyname3: 'third' },
  objs: [{ a: 1, b: 2 }, { a: 3, b: 4 }], weakMap: new WeakMap(), weakSet: new WeakSet(), math: Math, json: JSON,
  accessors: { f() {}, get g() { return 1; }, set s(v) {}, get gs() { return 1; }, set gs(v) {} },
  undefs: [undefined, null], longString: 'x'.repeat(100), nestedLong: { s: 'x'.repeat(100) },
  multiline: { s: 'first line\nsecond line\nthird line that is rather long, long enough to wrap' },
  args: (function () { return arguments; })(1, 2), mapNested: new Map([[{ a: 1 }, [1, 2]], ['k', new Set([1])]]),
  circ, c2, err: new Error('bad'), typeErr: new TypeError('oops'), errWithProps, errNoStack,
  errInObj: { e: new RangeError('inner') }, errCause: new Error('outer', { cause: new Error('inner') }),
  customInspect: { [nodeUtil.inspect.custom]() { return 'CUSTOM'; } },
  customObj: { inner: { [nodeUtil.inspect.custom](d, o) { return { replaced: d }; } } },
  taggedObj: { [Symbol.toStringTag]: 'Tagged' }, tagClass: new (class Q { get [Symbol.toStringTag]() { return 'QT'; } })(),
  subMap: new Bar([[1, 2]]),
  wide: { aaaaaaaaaaaaaaaa: 1, bbbbbbbbbbbbbbbbbbbb: 2, cccccccccccccccccccc: 3, dddddddddddddddddddd: 4 },
  nestedArrays: [[1, 2, [3, 4, [5, [6]]]], { x: [1, 2, 3] }], bigArr: Array.from({ length: 7 }, (_, i) => ({ i })),
  strArr: ['apple', 'banana', 'cherry', 'dates', 'elderberry', 'fig', 'grape', 'honeydew'],
  numbers: [1.5, -2, 300000, 4e21, 0.0001, -0, NaN, 8],
  objInArr: [{ name: 'alpha', value: 1 }, { name: 'beta', value: 2 }, { name: 'gamma', value: 3 }],
  globalThisLike: { process: { version: 'v', arch: 'x' }, nested: { list: [1, [2, [3, [4]]]] } },
  boxedStrProps: Object.assign(new String('hi'), { extra: 1 }), fnProps: Object.assign(function named() {}, { a: 1 }),
  clsStatic: class S { static x = 1; }, promiseLike: { then() {} }, regexProps: Object.assign(/x/, { y: 1 }),
  dateProps: Object.assign(new Date(0), { z: 1 }),
};
const optionSets = [
  undefined, { depth: 0 }, { depth: Infinity }, { compact: false }, { compact: false, breakLength: 40 },
  { breakLength: Infinity }, { showHidden: true }, { sorted: true }, { maxArrayLength: 2 }, { maxStringLength: 4 },
  { compact: true }, { compact: 1 }, { numericSeparator: true }, { getters: true }, { depth: null },
];
for (const [name, v] of Object.entries(values)) {
  for (const opts of optionSets) {
    const label = `${name} ${JSON.stringify(opts) ?? ''}`;
    const exp = opts ? nodeUtil.inspect(v, opts) : nodeUtil.inspect(v);
    const got = opts ? util.inspect(v, opts) : util.inspect(v);
    if (v instanceof Error || name.startsWith('err')) check(label, noFrames(got), noFrames(exp));
    else if ((name === 'weakMap' || name === 'weakSet') && opts && opts.showHidden) continue; // V8 internals
    else check(label, got, exp);
  }
}
check('inspect legacy (v, false, 0)', util.inspect({ a: { b: 1 } }, false, 0), nodeUtil.inspect({ a: { b: 1 } }, false, 0));
check('inspect.custom symbol', util.inspect.custom, nodeUtil.inspect.custom);

// ------------------------------------------------------------------ util.format
section = 'format';
const formatCases = [
  ['%s', 'a'], ['%s', 1], ['%s', -0], ['%s', 1n], ['%s', null], ['%s', undefined], ['%s', Symbol('x')],
  ['%s', { a: { b: { c: 1 } } }], ['%s', [1, [2, [3]]]], ['%s', new Error('e')], ['%s', { toString() { return 'TS'; } }],
  ['%s', new Foo()], ['%s', new Date(0)], ['%s', function f() {}], ['%d', '42'], ['%d', 1.5], ['%d', 5n], ['%d', {}],
  ['%d', Symbol('s')], ['%i', '42.9'], ['%i', 5n], ['%i', 'x'], ['%f', '1.5e3'], ['%f', 'abc'], ['%j', { a: 1 }],
  ['%j', circ], ['%j', undefined], ['%o', { a: [1, 2] }], ['%o', function f() {}], ['%O', { a: { b: { c: { d: 1 } } } }],
  ['%c', 'color: red'], ['%%'], ['%% %s', 'x'], ['%s %s', 'only one'], ['%x', 1], ['a%', 1], ['%', 1],
  ['%s:%s', 'a', 'b', 'extra', 3], [1, 2, 'three'], ['no format', { a: 1 }], [{ a: 1 }, 'str'], [],
  ['%s', 'a', { b: 1 }], ['%d%%', 50], ['%s', [1, 2, 3]], ['%s', new Map([[1, 2]])], ['%s', Object.create(null)],
  ['%s', circ], ['%O', circ], ['trailing %'], ['%s%s', 'a'], ['%%s', 'x'], [null], [undefined, undefined],
  ['%s', 'x'.repeat(100)], ['%s', new (class Z { toString() { return 'z!'; } })()],
];
for (const args of formatCases) {
  check(`format(${args.map((a) => typeof a === 'string' ? JSON.stringify(a) : typeof a).join(', ')})`,
    util.format(...args), nodeUtil.format(...args));
}
check('formatWithOptions', util.formatWithOptions({ compact: false }, '%O', { a: 1 }),
  nodeUtil.formatWithOptions({ compact: false }, '%O', { a: 1 }));

// ------------------------------------------------------------------ util misc
section = 'util';
const deepPairs = [
  [{ a: [1, 2] }, { a: [1, 2] }], [{ a: 1 }, { a: '1' }], [[1, 2], [2, 1]], [new Set([1, { a: 1 }]), new Set([{ a: 1 }, 1])],
  [new Map([[1, { x: 1 }]]), new Map([[1, { x: 1 }]])], [new Map([[1, 2]]), new Map([[1, 3]])], [NaN, NaN], [0, -0],
  [new Date(0), new Date(0)], [/a/g, /a/g], [/a/g, /a/i], [new Number(1), new Number(1)], [[1, , 3], [1, undefined, 3]],
  [{ [Symbol.for('s')]: 1 }, { [Symbol.for('s')]: 1 }], [new Uint8Array([1]), new Uint8Array([1])], [new Uint8Array([1]), new Int8Array([1])],
  [circ, circ], [new Foo(), { x: 1 }], [new Error('a'), new Error('a')], [new Error('a'), new TypeError('a')], [[], {}],
  [Object.create(null), {}], [{ a: undefined }, {}], [1, '1'], [null, undefined],
];
for (const [a, b] of deepPairs) {
  check(`isDeepStrictEqual ${nodeUtil.inspect(a)} ${nodeUtil.inspect(b)}`,
    util.isDeepStrictEqual(a, b), nodeUtil.isDeepStrictEqual(a, b));
}
const typeProbe = [
  Promise.resolve(), new Date(), /x/, new Map(), new Set(), new WeakMap(), new WeakSet(), new Uint8Array(), new Float32Array(),
  new ArrayBuffer(1), new DataView(new ArrayBuffer(1)), new Number(1), new String(''), Object(1n), Object(Symbol()),
  async () => {}, function* () {}, new Map().keys(), new Set().values(), (function () { return arguments; })(), new Error(),
  {}, [], 1, 'x', null, undefined, Object.create(Date.prototype), Object.create(RegExp.prototype), RegExp.prototype,
];
for (const t of Object.keys(nodeUtil.types)) {
  if (!util.types[t]) {
    if (!['isExternal', 'isKeyObject', 'isCryptoKey', 'isProxy'].includes(t)) check(`types.${t} exists`, false, true);
    continue;
  }
  if (t === 'isProxy' || t === 'isExternal') continue;
  check(`types.${t}`, typeProbe.map((v) => util.types[t](v)).join(), typeProbe.map((v) => nodeUtil.types[t](v)).join());
}
for (const k of Object.keys(nodeUtil)) {
  if (['_extend', 'log', 'isDeepStrictEqual', 'parseArgs', 'parseEnv', 'styleText', 'getSystemErrorName', 'getSystemErrorMap',
    'transferableAbortController', 'transferableAbortSignal', 'aborted', 'MIMEType', 'MIMEParams', 'toUSVString',
    'getCallSite', 'getCallSites', '_errnoException', '_exceptionWithHostPort'].includes(k)) continue;
  check(`util.${k} exists`, typeof util[k], typeof nodeUtil[k]);
}
function cbFn(a, b, cb) { setTimeout(() => cb(a === 'fail' ? new Error('failed') : null, a + b), 0); }
const pCustom = function () {};
pCustom[nodeUtil.promisify.custom] = () => 'custom!';
check('promisify.custom symbol', util.promisify.custom, nodeUtil.promisify.custom);
check('promisify custom', util.promisify(pCustom)(), 'custom!');
check('promisify name/length', `${util.promisify(cbFn).name}/${util.promisify(cbFn).length}`,
  `${nodeUtil.promisify(cbFn).name}/${nodeUtil.promisify(cbFn).length}`);
check('promisify(1) throws', (() => { try { util.promisify(1); } catch (e) { return `${e.code}: ${e.message}`; } })(),
  (() => { try { nodeUtil.promisify(1); } catch (e) { return `${e.code}: ${e.message}`; } })());
const asyncChecks = [];
asyncChecks.push(util.promisify(cbFn)('x', 'y').then((v) => check('promisify resolves', v, 'xy')));
asyncChecks.push(util.promisify(cbFn)('fail', 'y').catch((e) => check('promisify rejects', e.message, 'failed')));
asyncChecks.push(new Promise((resolve) => {
  util.callbackify(async (x) => x * 2)(21, (err, v) => { check('callbackify value', `${err} ${v}`, 'null 42'); resolve(); });
}));
asyncChecks.push(new Promise((resolve) => {
  util.callbackify(() => Promise.reject(null))((err) => {
    nodeUtil.callbackify(() => Promise.reject(null))((err2) => {
      check('callbackify falsy rejection', `${err.code} ${err.message} ${err.reason}`, `${err2.code} ${err2.message} ${err2.reason}`);
      resolve();
    });
  });
}));
check('callbackify name/length', `${util.callbackify(async function af(a) {}).name}/${util.callbackify(async function af(a) {}).length}`,
  `${nodeUtil.callbackify(async function af(a) {}).name}/${nodeUtil.callbackify(async function af(a) {}).length}`);
function P() {}
function C() {}
util.inherits(C, P);
check('inherits', `${new C() instanceof P} ${C.super_ === P}`, 'true true');
{
  warnings.length = 0;
  const dep = util.deprecate(() => 7, 'old thing', 'DEP_X');
  check('deprecate', `${dep()} ${dep()} ${warnings.length}`, '7 7 1');
}
check('inspect error in util.format', noFrames(util.format(new Error('x'))), noFrames(nodeUtil.format(new Error('x'))));
check('stripVTControlCharacters', util.stripVTControlCharacters('\u001b[31mred\u001b[39m'), 'red');

// ------------------------------------------------------------------ path
section = 'path';
const P1 = ['', '.', '..', '/', '//', '///a', 'a', 'a/', '/a/b/c', '/a/b/c/', 'a/b/../c', './a/./b', '../../x', 'a//b', '/..',
  '/a/../..', 'file.txt', '.bashrc', 'a.b.c', '/dir/file.tar.gz', 'dir/.hidden', 'x/..', '..a', 'a..', '/a/b.', '.../x',
  'foo/bar/..', 'foo\\bar', '/a/b/c/..', 'a/./././b/', '//a//b//'];
for (const p of P1) {
  for (const fn of ['normalize', 'dirname', 'basename', 'extname', 'isAbsolute']) {
    check(`${fn}(${JSON.stringify(p)})`, JSON.stringify(ourPath[fn](p)), JSON.stringify(nodePath.posix[fn](p)));
  }
  check(`parse(${JSON.stringify(p)})`, JSON.stringify(ourPath.parse(p)), JSON.stringify(nodePath.posix.parse(p)));
  check(`resolve(${JSON.stringify(p)})`, ourPath.resolve(p), nodePath.posix.resolve(p));
  check(`format(parse(${JSON.stringify(p)}))`, ourPath.format(ourPath.parse(p)), nodePath.posix.format(nodePath.posix.parse(p)));
}
for (const [p, ext] of [['a.js', '.js'], ['a.js', 'js'], ['/x/a.js', 'a.js'], ['a.js/', '.js'], ['aaa', 'a'], ['.js', '.js'], ['a', 'b']]) {
  check(`basename(${p}, ${ext})`, ourPath.basename(p, ext), nodePath.posix.basename(p, ext));
}
const joins = [['a', 'b'], ['/a', '../b'], ['', ''], [], ['a', '', 'b'], ['/', 'x', '..'], ['a/', '/b/'], ['..', '..', 'c'], ['.', '.']];
for (const j of joins) check(`join(${JSON.stringify(j)})`, ourPath.join(...j), nodePath.posix.join(...j));
const resolves = [['/a', 'b'], ['/a', '/b'], ['a', 'b'], ['/a/b', '../c', './d'], [''], ['/', '..', '..']];
for (const r of resolves) check(`resolve(${JSON.stringify(r)})`, ourPath.resolve(...r), nodePath.posix.resolve(...r));
const rels = [['/a/b', '/a/b/c'], ['/a/b/c', '/a/b'], ['/a/b', '/a/c'], ['/', '/a'], ['/a', '/'], ['/a/b', '/a/b'],
  ['/foo/bar/baz', '/foo/bar/qux/quux'], ['a', 'b'], ['/aa/bb', '/aa/b'], ['/x', '/xy']];
for (const [a, b] of rels) check(`relative(${a}, ${b})`, ourPath.relative(a, b), nodePath.posix.relative(a, b));
const fmts = [{ root: '/', dir: '/a', base: 'b.c' }, { name: 'x', ext: 'js' }, { name: 'x', ext: '.js' }, { dir: 'd', name: 'n' },
  { root: '/', name: 'n' }, {}, { base: 'b', name: 'ignored', ext: '.z' }];
for (const f of fmts) check(`format(${JSON.stringify(f)})`, ourPath.format(f), nodePath.posix.format(f));
check('sep/delimiter', ourPath.sep + ourPath.delimiter, nodePath.posix.sep + nodePath.posix.delimiter);
check('posix self', ourPath.posix === ourPath, true);
for (const [fn, args] of [['join', [1]], ['basename', [null]], ['resolve', ['a', {}]], ['format', [null]], ['relative', ['a', 5]]]) {
  const got = (() => { try { ourPath[fn](...args); } catch (e) { return `${e.name} ${e.code}: ${e.message}`; } })();
  const exp = (() => { try { nodePath.posix[fn](...args); } catch (e) { return `${e.name} ${e.code}: ${e.message}`; } })();
  check(`${fn} throws`, got, exp);
}

// ------------------------------------------------------------------ assert
section = 'assert';
function describe(fn) {
  try {
    fn();
    return 'no throw';
  } catch (e) {
    const props = {};
    for (const k of Object.keys(e)) props[k] = e[k];
    return noFrames(`${e.name} ${e.code} generated=${e.generatedMessage}\n${e.message}\n${nodeUtil.inspect(props, { depth: 1 })}` +
      `\n${nodeUtil.inspect(e)}`);
  }
}
const assertCases = [
  ['ok(false)', (a) => a.ok(false)], ['ok(0, "msg")', (a) => a.ok(0, 'msg')], ['ok()', (a) => a.ok()], ['assert(null)', (a) => a(null)],
  ['ok(true)', (a) => a.ok(true)], ['ok(false, err)', (a) => a.ok(false, new RangeError('mine'))],
  ['equal(1,2)', (a) => a.equal(1, 2)], ['equal(1,"1")', (a) => a.equal(1, '1')], ['equal(NaN,NaN)', (a) => a.equal(NaN, NaN)],
  ['notEqual(1,1)', (a) => a.notEqual(1, 1)], ['equal msg', (a) => a.equal(1, 2, 'custom')],
  ['strictEqual(1,2)', (a) => a.strictEqual(1, 2)], ['strictEqual(1,"1")', (a) => a.strictEqual(1, '1')],
  ['strictEqual(long strings)', (a) => a.strictEqual('hello world, this is long', 'hello world, this is lung')],
  ['strictEqual(objs)', (a) => a.strictEqual({ a: 1 }, { a: 1 })], ['strictEqual(0,-0)', (a) => a.strictEqual(0, -0)],
  ['strictEqual(multiline)', (a) => a.strictEqual('a\nb\nc', 'a\nx\nc')], ['strictEqual msg', (a) => a.strictEqual(1, 2, 'nope')],
  ['strictEqual(fn,fn)', (a) => a.strictEqual(() => {}, () => {})], ['strictEqual(undef,null)', (a) => a.strictEqual(undefined, null)],
  ['notStrictEqual(1,1)', (a) => a.notStrictEqual(1, 1)], ['notStrictEqual(obj)', (a) => { const o = { a: 1 }; a.notStrictEqual(o, o); }],
  ['notStrictEqual(longstr)', (a) => a.notStrictEqual('abcdefgh', 'abcdefgh')],
  ['deepEqual', (a) => a.deepEqual({ a: 1 }, { a: 2 })], ['deepEqual ok', (a) => a.deepEqual({ a: 1 }, { a: '1' })],
  ['notDeepEqual', (a) => a.notDeepEqual({ a: 1 }, { a: 1 })], ['notDeepEqual diff', (a) => a.notDeepEqual({ a: 1 }, { a: '1' })],
  ['deepStrictEqual obj', (a) => a.deepStrictEqual({ a: 1, b: [1, 2] }, { a: 1, b: [1, 3] })],
  ['deepStrictEqual arr', (a) => a.deepStrictEqual([1, 2, 3], [1, 2, 4])],
  ['deepStrictEqual big', (a) => a.deepStrictEqual(Array.from({ length: 30 }, (_, i) => i), Array.from({ length: 30 }, (_, i) => (i === 15 ? -1 : i)))],
  ['deepStrictEqual nested', (a) => a.deepStrictEqual({ a: { b: { c: [1, 2, { d: 4 }] } }, e: 'x' }, { a: { b: { c: [1, 2, { d: 5 }] } }, e: 'x' })],
  ['deepStrictEqual same-looking', (a) => a.deepStrictEqual([1], ['1'])],
  ['deepStrictEqual protos', (a) => a.deepStrictEqual(new Foo(), { x: 1 })], ['deepStrictEqual map', (a) => a.deepStrictEqual(new Map([[1, 2]]), new Map([[1, 3]]))],
  ['deepStrictEqual ok', (a) => a.deepStrictEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })],
  ['deepStrictEqual msg', (a) => a.deepStrictEqual(1, 2, 'custom')],
  ['notDeepStrictEqual', (a) => a.notDeepStrictEqual({ a: 1 }, { a: 1 })],
  ['notDeepStrictEqual multi', (a) => a.notDeepStrictEqual({ a: 1, b: 2, c: 'a long string value' }, { a: 1, b: 2, c: 'a long string value' })],
  ['throws ok', (a) => a.throws(() => { throw new Error('x'); })], ['throws none', (a) => a.throws(() => {})],
  ['throws none msg', (a) => a.throws(() => {}, 'should throw')], ['throws none Error', (a) => a.throws(() => {}, TypeError)],
  ['throws wrong class', (a) => a.throws(() => { throw new RangeError('r'); }, TypeError)],
  ['throws regexp mismatch', (a) => a.throws(() => { throw new Error('abc'); }, /xyz/)],
  ['throws object mismatch', (a) => a.throws(() => { throw new Error('abc'); }, { message: 'abd' })],
  ['throws object ok', (a) => a.throws(() => { throw new Error('abc'); }, { message: 'abc', name: 'Error' })],
  ['throws validate fn', (a) => a.throws(() => { throw new Error('abc'); }, (e) => e.message === 'zzz')],
  ['throws non-error', (a) => a.throws(() => { throw 'str'; }, Error)], ['throws empty obj', (a) => a.throws(() => { throw new Error(); }, {})],
  ['throws bad arg', (a) => a.throws(() => {}, 5)], ['throws not fn', (a) => a.throws(5)],
  ['throws ambiguous', (a) => a.throws(() => { throw new Error('same'); }, 'same')],
  ['doesNotThrow', (a) => a.doesNotThrow(() => { throw new Error('boom'); })],
  ['doesNotThrow msg', (a) => a.doesNotThrow(() => { throw new Error('boom'); }, 'msg')],
  ['doesNotThrow other class', (a) => a.doesNotThrow(() => { throw new Error('boom'); }, TypeError)],
  ['match', (a) => a.match('abc', /x/)], ['match nonstring', (a) => a.match(5, /x/)], ['match ok', (a) => a.match('abc', /b/)],
  ['doesNotMatch', (a) => a.doesNotMatch('abc', /b/)], ['match bad re', (a) => a.match('abc', 'b')],
  ['fail()', (a) => a.fail()], ['fail(msg)', (a) => a.fail('boom')], ['fail(err)', (a) => a.fail(new TypeError('t'))],
  ['ifError(null)', (a) => a.ifError(null)], ['ifError(err)', (a) => a.ifError(new Error('bad'))], ['ifError(str)', (a) => a.ifError('str')],
  ['missing args', (a) => a.strictEqual(1)], ['strict.equal', (a) => a.strict.equal(1, '1')],
  ['strict.deepEqual', (a) => a.strict.deepEqual([1], ['1'])], ['strict(0)', (a) => a.strict(0)],
  ['AssertionError ctor', (a) => { throw new a.AssertionError({ actual: 1, expected: 2, operator: 'strictEqual' }); }],
  ['AssertionError msg', (a) => { throw new a.AssertionError({ message: 'm', actual: 1, expected: 2, operator: 'foo' }); }],
];
for (const [name, fn] of assertCases) {
  const got = describe(() => fn(assert));
  const exp = describe(() => fn(nodeAssert));
  if (name.startsWith('ok(false)') || name === 'assert(null)' || name === 'strict(0)') {
    // Node quotes the source line (it reads this file); we only have the fallback without getSourceText.
    check(name + ' (class)', got.split('\n')[0], exp.split('\n')[0]);
  } else {
    check(name, got, exp);
  }
}
check('assert.strict.strict', assert.strict.strict === assert.strict, true);
for (const k of Object.keys(nodeAssert)) {
  if (k === 'CallTracker') continue;
  check(`assert.${k} exists`, typeof assert[k], typeof nodeAssert[k]);
}
async function describeAsync(fn) {
  try {
    await fn();
    return 'no throw';
  } catch (e) {
    return `${e.name} ${e.code} ${e.generatedMessage}\n${e.message}\n${e.operator}`;
  }
}
const asyncAssert = [
  ['rejects ok', (a) => a.rejects(Promise.reject(new Error('x')))], ['rejects none', (a) => a.rejects(Promise.resolve(1))],
  ['rejects fn', (a) => a.rejects(async () => {}, 'msg')], ['rejects class', (a) => a.rejects(Promise.reject(new RangeError('r')), TypeError)],
  ['rejects bad', (a) => a.rejects(5)], ['rejects not promise', (a) => a.rejects(() => 5)],
  ['doesNotReject', (a) => a.doesNotReject(Promise.reject(new Error('bad')))], ['doesNotReject ok', (a) => a.doesNotReject(async () => 1)],
];
for (const [name, fn] of asyncAssert) {
  asyncChecks.push(Promise.all([describeAsync(() => fn(assert)), describeAsync(() => fn(nodeAssert))])
    .then(([got, exp]) => { section = 'assert'; check(name, got, exp); }));
}

// ------------------------------------------------------------------ events
section = 'events';
function runScript(EE, log) {
  const e = new EE();
  const rec = (tag) => function (...args) { log.push(`${tag}(${args.map((a) => typeof a === 'function' ? 'fn' : String(a)).join(',')}) this=${this === e}`); };
  const a = rec('a');
  const b = rec('b');
  e.on('newListener', rec('newListener'));
  e.on('removeListener', rec('removeListener'));
  e.on('x', a);
  e.prependListener('x', b);
  e.once('x', rec('once'));
  e.prependOnceListener('x', rec('ponce'));
  log.push(`count=${e.listenerCount('x')} names=${e.eventNames().map(String)} raw=${e.rawListeners('x').length}`);
  log.push(`emit=${e.emit('x', 1, 2)}`);
  log.push(`emit=${e.emit('x', 3)}`);
  log.push(`emit none=${e.emit('nothing')}`);
  log.push(`listeners=${e.listeners('x').map((f) => f === a ? 'a' : f === b ? 'b' : '?')}`);
  e.off('x', a);
  e.removeListener('x', a);
  log.push(`after off=${e.listenerCount('x')}`);
  const o = rec('o2');
  e.once('y', o);
  log.push(`listeners(y)[0]===o ${e.listeners('y')[0] === o} raw!==o ${e.rawListeners('y')[0] !== o} raw.listener===o ${e.rawListeners('y')[0].listener === o}`);
  e.removeListener('y', o);
  log.push(`y count=${e.listenerCount('y')} count with listener=${e.listenerCount('x', b)}`);
  e.removeAllListeners('x');
  log.push(`names=${e.eventNames().map(String)}`);
  e.removeAllListeners();
  log.push(`names=${e.eventNames().map(String)} max=${e.getMaxListeners()}`);
  try { e.emit('error', new Error('boom')); } catch (err) { log.push(`threw ${err.message}`); }
  for (const v of [42, undefined, { a: 1 }, 'str']) {
    try { e.emit('error', v); } catch (err) { log.push(`threw ${err.name} ${err.code} ${err.message} ctx=${nodeUtil.inspect(err.context)} keys=${Object.keys(err)}`); }
  }
  e.on(EE.errorMonitor, rec('monitor'));
  e.on('error', rec('error'));
  e.emit('error', 'handled');
  try { e.on('x', 5); } catch (err) { log.push(`${err.name} ${err.code}: ${err.message}`); }
  try { e.setMaxListeners(-1); } catch (err) { log.push(`${err.name} ${err.code}: ${err.message}`); }
  try { e.setMaxListeners('a'); } catch (err) { log.push(`${err.name} ${err.code}: ${err.message}`); }
  try { EE.defaultMaxListeners = -1; } catch (err) { log.push(`${err.name} ${err.code}: ${err.message}`); }
  e.setMaxListeners(2);
  log.push(`max=${e.getMaxListeners()} default=${EE.defaultMaxListeners}`);
  const sym = Symbol('sym');
  e.on(sym, rec('sym'));
  e.emit(sym, 'S');
  log.push(`names=${e.eventNames().map(String)}`);
  log.push(`static count=${EE.listenerCount(e, sym)}`);
  log.push(`getEventListeners=${EE.getEventListeners(e, sym).length}`);
  log.push(`EventEmitter.EventEmitter=${EE.EventEmitter === EE} keys=${Object.keys(EE).filter((k) => k !== 'EventEmitterAsyncResource').sort()}`);
  class Sub extends EE { constructor() { super(); this.z = 1; } }
  const s = new Sub();
  s.on('q', rec('sub'));
  s.emit('q', 1);
  log.push(nodeUtil.inspect(s).replace(/\n\s*/g, ' '));
  log.push(nodeUtil.inspect(new EE()).replace(/\n\s*/g, ' '));
  // A listener removed during emit still runs in that emit.
  const r = new EE();
  const r2 = rec('r2');
  r.on('e', () => { r.off('e', r2); log.push('r1'); });
  r.on('e', r2);
  r.emit('e');
  r.emit('e');
}
{
  const gotLog = [];
  const expLog = [];
  runScript(events, gotLog);
  runScript(NodeEE, expLog);
  for (let i = 0; i < Math.max(gotLog.length, expLog.length); i++) check(`script step ${i}`, gotLog[i], expLog[i]);
}
{
  warnings.length = 0;
  const e = new events();
  for (let i = 0; i < 11; i++) e.on('leak', () => {});
  const ne = new NodeEE();
  let nodeWarning;
  process.once('warning', (w) => { nodeWarning = w; });
  const origEmit = process.emitWarning;
  process.emitWarning = (w) => { nodeWarning = `${w.name}: ${w.message}`; };
  for (let i = 0; i < 11; i++) ne.on('leak', () => {});
  process.emitWarning = origEmit;
  check('MaxListenersExceededWarning', warnings[0], nodeWarning);
  class Custom extends events {}
  const ce = new Custom();
  ce.setMaxListeners(1);
  ce.on('a', () => {});
  ce.on('a', () => {});
  check('MaxListenersExceededWarning subclass', warnings[1],
    'MaxListenersExceededWarning: Possible EventEmitter memory leak detected. 2 a listeners added to [Custom]. MaxListeners is 1. Use emitter.setMaxListeners() to increase limit');
}
asyncChecks.push((async () => {
  const e = new events();
  const p = events.once(e, 'go');
  e.emit('go', 1, 2);
  const got = await p;
  const ne = new NodeEE();
  const np = nodeEvents.once(ne, 'go');
  ne.emit('go', 1, 2);
  section = 'events';
  check('events.once resolves', JSON.stringify(got), JSON.stringify(await np));
  const p2 = events.once(e, 'never');
  e.emit('error', new Error('E!'));
  check('events.once rejects on error', await p2.catch((x) => x.message), 'E!');
  check('events.once cleans up', e.listenerCount('error') + e.listenerCount('never'), 0);
  const e2 = new events();
  const it = events.on(e2, 'tick');
  e2.emit('tick', 1);
  e2.emit('tick', 2);
  const seen = [];
  for await (const v of it) {
    seen.push(v[0]);
    if (seen.length === 2) break;
  }
  check('events.on async iterator', seen.join(), '1,2');
  check('events.on cleans up', e2.listenerCount('tick'), 0);
})());

// ------------------------------------------------------------------ console
section = 'console';
function captureNode(fn) {
  const out = [];
  const mk = (fd) => ({ write: (s) => { out.push(`${fd}:${s}`); return true; } });
  const c = new NodeConsole({ stdout: mk(1), stderr: mk(2), colorMode: false, ignoreErrors: false });
  const origEmit = process.emitWarning;
  process.emitWarning = (w) => out.push(`W:${w}`);
  try { fn(c); } finally { process.emitWarning = origEmit; }
  return out.join('');
}
function captureOurs(fn) {
  const out = [];
  const c = new con.Console({ write: (s) => out.push(`1:${s}`) }, { write: (s) => out.push(`2:${s}`) });
  warnings.length = 0;
  fn(c);
  for (const w of warnings) out.push(`W:${w}`);
  return out.join('');
}
const consoleCases = [
  ['log', (c) => c.log('a', 1, { b: [1, 2] }, 'x')], ['log fmt', (c) => c.log('%s=%d', 'n', 5, 'extra')],
  ['info/debug', (c) => { c.info('i'); c.debug('d'); }], ['warn/error', (c) => { c.warn('w', { a: 1 }); c.error(new Map([[1, 2]])); }],
  ['log empty', (c) => c.log()], ['dir', (c) => c.dir({ a: { b: { c: { d: 1 } } } })], ['dir depth', (c) => c.dir({ a: { b: { c: { d: 1 } } } }, { depth: 0 })],
  ['dir custom', (c) => c.dir({ [nodeUtil.inspect.custom]: () => 'C', x: 1 })],
  ['count', (c) => { c.count(); c.count(); c.count('x'); c.countReset(); c.count(); c.countReset('nope'); }],
  ['group', (c) => { c.group('G'); c.log('in\nmulti'); c.group(); c.warn('deeper'); c.groupEnd(); c.groupEnd(); c.groupEnd(); c.log('out'); }],
  ['groupCollapsed', (c) => { c.groupCollapsed('GC', 1); c.log('x'); c.groupEnd(); }],
  ['assert', (c) => { c.assert(true, 'no'); c.assert(false); c.assert(false, 'msg %s', 'x'); c.assert(0, { a: 1 }); }],
  ['table arr', (c) => c.table([{ a: 1, b: 'x' }, { a: 2, c: true }])], ['table prim', (c) => c.table([1, 'two', { three: 3 }])],
  ['table props', (c) => c.table([{ a: 1, b: 2 }, { a: 3, b: 4 }], ['a'])], ['table obj', (c) => c.table({ r1: { c: 1 }, r2: { c: 2 } })],
  ['table map', (c) => c.table(new Map([['k', 1], ['l', { x: 1 }]]))], ['table set', (c) => c.table(new Set(['s', 2]))],
  ['table non-obj', (c) => c.table(5)], ['table nested', (c) => c.table([{ a: { x: 1, y: 2, z: 3 }, b: [1, 2, 3, 4, 5] }])],
  ['table unicode', (c) => c.table([{ name: 'héllo', v: '日本' }])],
  ['timeEnd missing', (c) => c.timeEnd('nope')], ['time dup', (c) => { c.time('t'); c.time('t'); }], ['timeLog missing', (c) => c.timeLog('zz')],
];
for (const [name, fn] of consoleCases) check(name, captureOurs(fn), captureNode(fn));
{
  const out = [];
  const c = new con.Console({ write: (s) => out.push(s) });
  c.trace('here %d', 1);
  check('trace head', out.join('').split('\n')[0], 'Trace: here 1');
  check('trace has frames', /\n\s+at /.test(out.join('')), true);
}
{
  printed.length = 0;
  con.log('to', 'stdout');
  con.error('to stderr');
  check('global console prints', JSON.stringify(printed), JSON.stringify([[1, 'to stdout'], [2, 'to stderr']]));
  const { log } = con;
  log('unbound');
  check('methods are bound', printed.length, 3);
}

// ------------------------------------------------------------------ summary
await Promise.all(asyncChecks);
for (const [s, [n, bad]] of Object.entries(bySection)) console.log(`${s}: ${n} cases, ${bad} mismatches`);
console.log(`total: ${cases} cases, ${mismatches} mismatches`);
process.exitCode = mismatches ? 1 : 0;

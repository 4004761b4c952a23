// The structured_clone fuzz target's script. BYTES (defined before this
// text) drive a small builder that makes a pool of values — primitives,
// wrappers, Dates, RegExps, ArrayBuffers and views, Maps, Sets, sparse
// arrays, objects (null-prototype ones, own "__proto__" keys), errors with
// causes, class instances, cycles and shared references, and things that
// cannot be cloned (symbols, functions, promises, platform objects, getters
// and proxy traps that throw). Each value is cloned with structuredClone
// (sometimes with a transfer list) and through a MessageChannel, and the
// clone is compared with the original. Lines starting with FINDING are
// reported by the target.
'use strict';
let at = 0;
const next = () => (at < BYTES.length ? BYTES[at++] : (at++, 0));
const pool = [];
const buffers = [];
const pick = () => (pool.length ? pool[next() % pool.length] : undefined);
const objectish = (v) => v !== null && (typeof v === 'object' || typeof v === 'function');
function finding(...args) { console.log('FINDING', ...args.map((a) => { try { return String(a); } catch { return '?'; } })); }

function num() {
  switch (next() % 10) {
    case 0: return NaN;
    case 1: return -0;
    case 2: return Infinity;
    case 3: return -Infinity;
    case 4: return next() - 128;
    case 5: return ((next() << 24) | (next() << 16) | (next() << 8) | next()) / (next() + 1);
    case 6: return Number.MAX_VALUE;
    case 7: return Number.MIN_VALUE;
    case 8: return 2 ** 53 + next();
    default: { const dv = new DataView(new ArrayBuffer(8)); for (let k = 0; k < 8; k++) dv.setUint8(k, next()); return dv.getFloat64(0); }
  }
}
function str() {
  const n = next() % 12;
  let s = '';
  for (let k = 0; k < n; k++) {
    const b = next();
    s += b < 0x80 ? String.fromCharCode(b) : b < 0xa0 ? String.fromCharCode(0xd800 + b) : b < 0xc0 ? String.fromCharCode(0xdc00 + b) : b < 0xe0 ? String.fromCodePoint(0x1f600 + b) : String.fromCharCode(0x100 * b + b);
  }
  return s;
}
const KEYS = ['a', 'b', 'length', 'constructor', '0', '1', 'toString', 'then', '-1', '4294967295', 'size', 'message', 'stack'];
const key = () => (next() % 3 === 0 ? str() : KEYS[next() % KEYS.length]);
const buffer = () => (buffers.length && next() % 4 ? buffers[next() % buffers.length] : newBuffer());
function newBuffer() {
  const n = next() % 48;
  const b = next() % 5 === 0 ? new ArrayBuffer(n, { maxByteLength: n + next() % 16 }) : new ArrayBuffer(n);
  new Uint8Array(b).forEach((_, k, a) => { a[k] = next(); });
  buffers.push(b);
  return b;
}
const TYPED = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array];
const ERRORS = [Error, EvalError, RangeError, ReferenceError, SyntaxError, TypeError, URIError];

function build() {
  switch (next() % 32) {
    case 0: return undefined;
    case 1: return null;
    case 2: return !!(next() & 1);
    case 3: return num();
    case 4: return str();
    case 5: return BigInt(next() - 128) ** BigInt(next() % 70);
    case 6: return new Date(next() % 3 ? num() : next() * 1e10);
    case 7: return new RegExp(['a+', '^x$', '(?<n>b)\\k<n>', '[\\u{1F600}]', '.', '\\/', ''][next() % 7], ['', 'g', 'gimsuy', 'u', 'dy', 'v', 'd'][next() % 7]);
    case 8: return newBuffer();
    case 9: {
      const b = buffer();
      const C = TYPED[next() % TYPED.length];
      const off = (next() % 5) * C.BYTES_PER_ELEMENT;
      return next() & 1 ? new C(b, off) : new C(b, off, next() % 4);
    }
    case 10: { const b = buffer(); return new DataView(b, next() % (b.byteLength + 1)); }
    case 11: { const m = new Map(); for (let n = next() % 4; n > 0; n--) m.set(pick(), pick()); return m; }
    case 12: { const s = new Set(); for (let n = next() % 4; n > 0; n--) s.add(pick()); return s; }
    case 13: {
      const a = [];
      for (let n = next() % 5; n > 0; n--) a[next() % 8] = pick();
      if (next() % 6 === 0) a.length = next() % 4 === 0 ? 2 ** 32 - 1 : next();
      if (next() % 6 === 0) a[key()] = pick();
      return a;
    }
    case 14: {
      const o = next() % 5 === 0 ? Object.create(null) : {};
      for (let n = next() % 4; n > 0; n--) o[key()] = pick();
      return o;
    }
    case 15: {
      const E = ERRORS[next() % ERRORS.length];
      const e = next() % 4 ? new E(str()) : new E(str(), { cause: pick() });
      if (next() % 6 === 0) e.name = ['TypeError', 'Foo', ''][next() % 3];
      if (next() % 6 === 0) e.extra = pick();
      return e;
    }
    case 16: return [Object(true), Object(num()), Object(str()), Object(BigInt(next()))][next() % 4];
    case 17: { // a cycle or a shared reference
      const t = pick();
      const v = pick();
      if (t instanceof Map) t.set(v, t);
      else if (t instanceof Set) t.add(t);
      else if (t instanceof Error) t.cause = t;
      else if (objectish(t) && !ArrayBuffer.isView(t)) t[key()] = next() & 1 ? t : v;
      return t;
    }
    case 18: return Symbol(str());
    case 19: return [function f() {}, () => 1, async () => {}, class K {}][next() % 4];
    case 20: { class Point { constructor() { this.x = pick(); } get y() { return 1; } } return new Point(); }
    case 21: return new DOMException(str(), ['DataCloneError', 'AbortError', 'Foo', ''][next() % 4]);
    case 22: return [Promise.resolve(1), new WeakMap(), new WeakSet(), new EventTarget(), new Event('x'), typeof WeakRef === 'function' ? new WeakRef({}) : {}, document.body, new MessageChannel().port1][next() % 8];
    case 23: { const o = {}; Object.defineProperty(o, 'g', { enumerable: true, get() { throw new Error('marker: getter'); } }); return o; }
    case 24: return new Proxy(objectish(pool[pool.length - 1]) ? pool[pool.length - 1] : {}, next() & 1 ? {} : { ownKeys() { throw new Error('marker: trap'); } });
    case 25: { const b = newBuffer(); b.transfer(); return b; }
    case 26: { const o = next() & 1 ? {} : []; Object.defineProperty(o, '__proto__', { value: pick(), enumerable: true, writable: true, configurable: true }); return o; }
    case 27: { const o = {}; Object.defineProperty(o, 'hidden', { value: 1, enumerable: false }); o[Symbol('s')] = 1; o.v = pick(); return o; }
    case 28: { const a = pick(); const b = pick(); return next() & 1 ? [a, b, a] : { a, b, c: a }; }
    case 29: { const b = buffer(); if (b.resizable) { try { b.resize(next() % (b.maxByteLength + 1)); } catch {} } return pick(); }
    case 30: return JSON.parse('{"__proto__": {"x": 1}, "y": [1, {"z": null}]}');
    default: return pool.length > 1 ? pool.slice(-1 - (next() % 4)) : [];
  }
}

while (at < BYTES.length) {
  try { pool.push(build()); } catch (e) { /* the builder's own RangeErrors and the like */ }
}

const CLONE_ERRORS = /^marker: /;
function expectedError(e) {
  if (e instanceof DOMException && e.name === 'DataCloneError') return true;
  if (e instanceof Error && CLONE_ERRORS.test(e.message)) return true;
  return false;
}

// Compares a value with its clone; `seen` maps originals to clones, so
// shared references and cycles must map to the same clone every time.
function compare(a, b, path, seen) {
  if (!objectish(a)) {
    if (!Object.is(a, b)) finding('MISMATCH', path, 'primitive', typeof a, typeof b, a, b);
    return;
  }
  if (!objectish(b)) return finding('MISMATCH', path, 'an object cloned to a primitive', b);
  if (seen.has(a)) {
    if (seen.get(a) !== b) finding('MISMATCH', path, 'a shared reference or cycle was not preserved');
    return;
  }
  seen.set(a, b);
  if (a === b && !(a instanceof ArrayBuffer && a.detached)) return finding('MISMATCH', path, 'the clone is the original object');
  const tag = Object.prototype.toString.call(a).slice(8, -1);
  const btag = Object.prototype.toString.call(b).slice(8, -1);
  if (tag !== btag && !(tag === 'Object' && btag === 'Object')) finding('MISMATCH', path, 'tag', tag, btag);
  if (a instanceof Date) { if (!Object.is(a.getTime(), b.getTime())) finding('MISMATCH', path, 'date', a.getTime(), b.getTime()); return; }
  if (a instanceof RegExp) { if (a.source !== b.source || a.flags !== b.flags) finding('MISMATCH', path, 'regexp', a, b); return; }
  if (a instanceof ArrayBuffer) {
    if (a.byteLength !== b.byteLength) return finding('MISMATCH', path, 'byteLength', a.byteLength, b.byteLength);
    if (a.resizable !== b.resizable || (a.resizable && a.maxByteLength !== b.maxByteLength)) finding('NOTE', path, 'resizable ArrayBuffer lost its resizability', a.resizable, b.resizable);
    const x = new Uint8Array(a); const y = new Uint8Array(b);
    for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) return finding('MISMATCH', path, 'bytes differ at', k);
    return;
  }
  if (ArrayBuffer.isView(a)) {
    if (a.constructor !== b.constructor || a.byteOffset !== b.byteOffset || a.byteLength !== b.byteLength) finding('MISMATCH', path, 'view', a.constructor.name, b.constructor && b.constructor.name, a.byteOffset, b.byteOffset, a.byteLength, b.byteLength);
    compare(a.buffer, b.buffer, path + '.buffer', seen);
    return;
  }
  if (a instanceof Map) {
    if (a.size !== b.size) return finding('MISMATCH', path, 'map size', a.size, b.size);
    const x = [...a]; const y = [...b];
    x.forEach(([k, v], n) => { compare(k, y[n][0], `${path}.key${n}`, seen); compare(v, y[n][1], `${path}.val${n}`, seen); });
    return;
  }
  if (a instanceof Set) {
    if (a.size !== b.size) return finding('MISMATCH', path, 'set size', a.size, b.size);
    const y = [...b];
    [...a].forEach((v, n) => compare(v, y[n], `${path}.item${n}`, seen));
    return;
  }
  if (a instanceof Error) {
    if (a.message !== b.message) finding('MISMATCH', path, 'error message', a.message, b.message);
    if ('cause' in a) { if (!('cause' in b)) finding('MISMATCH', path, 'error cause lost'); else compare(a.cause, b.cause, path + '.cause', seen); }
    return;
  }
  if (a instanceof DOMException) { if (a.name !== b.name || a.message !== b.message) finding('MISMATCH', path, 'DOMException', a.name, b.name); return; }
  for (const W of [Boolean, Number, String, BigInt]) {
    if (tag === W.name && typeof a.valueOf() !== 'object') { if (!Object.is(W.prototype.valueOf.call(a), W.prototype.valueOf.call(b))) finding('MISMATCH', path, 'wrapper', tag); return; }
  }
  if (Array.isArray(a) && a.length !== b.length) finding('MISMATCH', path, 'array length', a.length, b.length);
  if (!Array.isArray(a) && Object.getPrototypeOf(b) !== Object.prototype) finding('MISMATCH', path, 'the clone of an object does not have Object.prototype as its prototype');
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.join('\u0000') !== kb.join('\u0000')) finding('MISMATCH', path, 'own keys', JSON.stringify(ka), JSON.stringify(kb));
  for (const k of ka) compare(a[k], b[k], `${path}[${JSON.stringify(k)}]`, seen);
}

function cloneAndCompare(value, label) {
  let copy;
  try { copy = structuredClone(value); } catch (e) {
    if (!expectedError(e)) finding('UNEXPECTED', label, 'structuredClone threw', e && e.name, e && e.message);
    return false;
  }
  try { compare(value, copy, label, new Map()); } catch (e) {
    if (!expectedError(e)) finding('UNEXPECTED', label, 'comparing threw', e && e.name, e && e.message, e && e.stack);
  }
  return true;
}

const roots = pool.slice(-3);
const cloneable = [];
roots.forEach((v, n) => { if (cloneAndCompare(v, `root${n}`)) cloneable.push(v); });

// A transfer list: buffers picked by the input, maybe a duplicate, maybe not a buffer.
if (buffers.length) {
  const transfer = buffers.filter(() => next() & 1);
  if (next() % 5 === 0) transfer.push(transfer[0]);
  if (next() % 7 === 0) transfer.push({});
  const lengths = transfer.map((b) => (b instanceof ArrayBuffer ? b.byteLength : -1));
  try {
    const copy = structuredClone(pool, { transfer });
    transfer.forEach((b, n) => {
      if (b instanceof ArrayBuffer && !b.detached) finding('MISMATCH', 'transfer', `buffer ${n} was not detached`);
    });
    if (!Array.isArray(copy) || copy.length !== pool.length) finding('MISMATCH', 'transfer', 'the clone of the pool is not an array of the same length');
    void lengths;
  } catch (e) {
    if (!expectedError(e) && !(e instanceof TypeError)) finding('UNEXPECTED', 'transfer', e && e.name, e && e.message);
  }
}

// The same values through a MessageChannel (the posted-message task source).
const { port1, port2 } = new MessageChannel();
let received = 0;
port2.onmessage = (event) => {
  const n = received++;
  const original = cloneable[n];
  try { compare(original, event.data, `message${n}`, new Map()); } catch (e) {
    if (!expectedError(e)) finding('UNEXPECTED', `message${n}`, 'comparing threw', e && e.message);
  }
  if (received === cloneable.length) port2.close();
};
for (const v of cloneable) {
  try { port1.postMessage(v); } catch (e) { if (!expectedError(e)) finding('UNEXPECTED', 'postMessage threw', e && e.name, e && e.message); }
}

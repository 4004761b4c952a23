// Recorded with: node tests/node/timeout_fields_keep_values_of_every_kind_as_node_24.js
// A Timeout's _onTimeout, _timerArgs, _idleTimeout and _repeat keep any
// value a program stores in them — numbers of every kind, strings, symbols,
// big integers small and large, booleans, null, undefined, objects and
// functions — and give back the same value, pending, cleared and fired;
// clearTimeout's and a fired timer's own writes are read back too. (A
// symbol is stored in _idleTimeout and _repeat by Node but not by jsloop,
// whose setters convert the value for the loop at once: left out there.)
const sym = Symbol('s');
const obj = { o: 1 };
const fn = function f() {};
const values = [
  0, -0, 1, -1, 2147483647, -2147483648, 2147483648, 1.5, -2.25, 1e300, 5e-324,
  NaN, Infinity, -Infinity, 'str', '', sym, 10n, -(2n ** 100n), true, false,
  null, undefined, obj, fn, [1, 2],
];
const describe = (v) => (typeof v === 'symbol' ? v.toString()
  : typeof v === 'bigint' ? `${v}n`
  : typeof v === 'function' ? `function ${v.name}`
  : Object.is(v, -0) ? '-0'
  : Array.isArray(v) ? `[${v.map(describe).join(', ')}]`
  : typeof v === 'object' && v !== null ? JSON.stringify(v)
  : typeof v === 'string' ? JSON.stringify(v)
  : String(v));
const fields = ['_onTimeout', '_timerArgs', '_idleTimeout', '_repeat'];
const t = setTimeout(() => {}, 50);
for (const field of fields) {
  const some = field === '_idleTimeout' || field === '_repeat' ? values.filter((v) => v !== sym) : values;
  const kept = some.filter((v) => { t[field] = v; return Object.is(t[field], v); });
  console.log(`${field}: ${kept.length} of ${some.length} kept`);
  for (const v of some) {
    t[field] = v;
    if (!Object.is(t[field], v)) console.log(`  ${field} = ${describe(v)} read back ${describe(t[field])}`);
  }
}
// Each field with a different kind at once, read together.
t._onTimeout = sym;
t._timerArgs = -(2n ** 100n);
t._idleTimeout = 1.5;
t._repeat = 'x';
console.log(fields.map((f) => `${f} ${describe(t[f])}`).join(', '));
t._onTimeout = () => {};
t._repeat = null;
t._idleTimeout = 50;
clearTimeout(t);
console.log(`cleared: ${fields.map((f) => `${f} ${describe(t[f])}`).join(', ')}`);
// A timer whose arguments and delay are of other kinds fires with them.
const big = 2n ** 70n;
const f = setTimeout(function (a, b, c, d) {
  console.log(`fired with ${describe(a)} ${describe(b)} ${describe(c)} ${describe(d)}`);
  setImmediate(() => console.log(`after it fired: ${fields.map((k) => `${k} ${describe(f[k])}`).join(', ')}`));
}, 2.5, big, sym, -0, 'arg');
console.log(`pending: idle ${describe(f._idleTimeout)}, args ${f._timerArgs.length}`);
const i = setInterval(function () {
  console.log(`interval: repeat ${describe(i._repeat)}, idle ${describe(i._idleTimeout)}`);
  clearInterval(i);
  console.log(`interval cleared: idle ${describe(i._idleTimeout)}, onTimeout ${describe(i._onTimeout)}`);
}, 40.75);

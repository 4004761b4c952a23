// node tests/node/util_format_s_to_primitive_and_proxies_as_node_24.js > tests/node/util_format_s_to_primitive_and_proxies_as_node_24.out (recorded with Node 24)
// util.format's %s converts with String() an object whose Symbol.toPrimitive
// or toString is the program's (its own, or a class's), and inspects one
// whose are a built-in's (Date, Symbol) (Node's hasBuiltInToString); a
// proxy is judged by its target. util.inspect shows a proxy's target
// without running its traps, `Proxy [ target, handler ]` with showProxy,
// and util.types.isProxy knows a proxy, also a revoked one.
const util = require('util');
const tp = { [Symbol.toPrimitive](h) { return 'prim:' + h; } };
console.log(1, util.format('%s', tp));
class A { [Symbol.toPrimitive](h) { return 'A:' + h; } }
console.log(2, util.format('%s', new A()));
class B extends Date {}
console.log(3, util.format('%s', new B(0)));
class C extends Date { [Symbol.toPrimitive](h) { return 'C:' + h; } }
console.log(4, util.format('%s', new C(0)));
const d = new Date(0); d[Symbol.toPrimitive] = () => 'own';
console.log(5, util.format('%s', d));
const np = Object.create(null); np[Symbol.toPrimitive] = () => 'np';
console.log(6, util.format('%s', np));
console.log(7, util.format('%s', { toString: 5, [Symbol.toPrimitive]: 5 }));
const o8 = { toString() { return 'ts'; }, [Symbol.toPrimitive]() { return 'tp'; } };
console.log(8, util.format('%s', o8));
console.log(9, util.format('%s', Object(Symbol('x'))));
console.log(10, util.format('%s', new Proxy(tp, {})));
class E extends Error { [Symbol.toPrimitive]() { return 'E'; } }
console.log(11, util.format('%s', new E('m')).split('\n')[0]);
const { proxy, revoke } = Proxy.revocable({}, {}); revoke();
console.log(1 + 20, util.format('%s', proxy));
console.log(2 + 20, util.format('%s', new Proxy({ toString() { return 'pts'; } }, {})));
console.log(3 + 20, util.format('%s', new Proxy([1,2], {})));
class F { toString() { return 'F'; } }
console.log(4 + 20, util.format('%s', new Proxy(new F(), {})));
const traps = new Proxy({ a: 1 }, { get() { throw new Error('trap'); }, ownKeys() { throw new Error('trap'); } });
console.log(util.inspect(traps));
console.log(util.inspect(traps, { showProxy: true }));
const fn = new Proxy(function foo() {}, {});
console.log(util.inspect(fn), util.inspect(fn, { showProxy: true }));
const nested = new Proxy(new Proxy([1], {}), {});
console.log(util.inspect(nested), util.inspect(nested, { showProxy: true }));
console.log(util.types.isProxy(nested), util.types.isProxy({}), util.types.isProxy(Proxy.revocable({}, {}).proxy));
const { proxy: revoked, revoke: revoke2 } = Proxy.revocable({}, {}); revoke2();
console.log(util.inspect(revoked), util.inspect(revoked, { showProxy: true }), util.types.isProxy(revoked));
console.log(util.inspect({ p: new Proxy(new Map([[1, 2]]), {}) }));
console.log(util.format('%o', new Proxy({ x: 1 }, {})));
console.log([new Proxy({ b: 2 }, {})]);
console.log(util.inspect(new Proxy(class X {}, {})));

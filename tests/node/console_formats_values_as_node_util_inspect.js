// Recorded with: node tests/node/console_formats_values_as_node_util_inspect.js
// console.log formats as Node's util.format / util.inspect do.
const util = require('util');
console.log({ a: 1, b: 'two', c: [1, 2, 3], d: { e: { f: { g: 1 } } } });
console.log([1, 'a', null, undefined, true, 10n, Symbol('s')]);
console.log(new Map([['k', { v: 1 }]]), new Set([1, 2]));
console.log('%s is %d years and %i days, %f, %j, %o', 'Ada', 36.5, 2.9, 1.5, { x: [1] }, [1]);
console.log(function named() {}, class Klass {}, () => {});
const circular = { name: 'loop' };
circular.self = circular;
console.log(circular);
console.log(Array.from({ length: 120 }, (_, i) => i));
console.log(util.inspect('str'), util.inspect(new Error('boom').message));
console.log(Buffer.from('hi'), new Uint8Array([1, 2]), Object.create(null));
console.log(Promise.resolve(42), Promise.reject(new Error('x')).catch(() => {}) && 'handled');
console.log(new Date(0));
console.log({ longPropertyName1: 'aaaaaaaaaaaaaaaa', longPropertyName2: 'bbbbbbbbbbbbbbbbb', longPropertyName3: 'ccccccccccccc' });

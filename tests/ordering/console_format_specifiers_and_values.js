// console.log's format specifiers (%s %d %i %f %o %O %c %%) and how values
// print as text.
console.log('%s has %d items costing %f', 'cart', 3.7, 2.5);
console.log('%i%%', 42.9);
console.log('%cstyled', 'color: red');
console.log('%s', 'extra', 'args', 1);
console.log('missing %s and %d');
console.log(1, 'two', true, null, undefined, 10n, -0);
console.log([1, 'a', [2]]);
console.log({ a: 1, b: 'x', 'c-d': [1, 2] });
console.log(new Map([['k', 1]]), new Set([1, 2]));
console.log(String(Symbol('s')));
console.info('info'); console.debug('debug');
console.log('\ud800 lone surrogate', Object.create(null));

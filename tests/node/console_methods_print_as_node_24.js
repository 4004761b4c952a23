// Recorded with: node tests/node/console_methods_print_as_node_24.js
// The console's methods as Node 24 prints them: formatting, groups,
// counters, assert, dir, table, and a Console over streams of one's own
// (whose output is printed here at the end, stdout and stderr apart).
const { Console } = require('console');
const EventEmitter = require('events');

console.log('plain', 'strings', 'joined');
console.log('%s has %d items costing %f, %i whole; %j %o %O %c%%', 'cart', 3, 9.5, 7.9, { a: [1] }, [2], { b: 3 }, 'color: red');
console.log({ nested: { deeper: { deepest: { gone: true } } } }, [1, 2, 3]);
console.info('info goes to stdout');
console.debug('debug goes to stdout');
console.dirxml({ dirxml: 'like log' }, 42);
console.dir({ a: { b: { c: { d: 1 } } } });
console.dir({ a: { b: { c: { d: 1 } } } }, { depth: 0 });
console.dir({ [Symbol.for('nodejs.util.inspect.custom')]() { return 'custom ignored by dir'; }, x: 1 });
console.dir('a string', { colors: false });

console.group('Group A');
console.log('inside A');
console.group();
console.log('inside the unnamed group\nwith a second line');
console.groupEnd();
console.groupCollapsed('Collapsed', 2);
console.log({ multi: 'x'.repeat(60), line: 'y'.repeat(30) });
console.groupEnd();
console.groupEnd();
console.groupEnd();
console.log('after the groups');

console.count();
console.count();
console.count('apples');
console.count('apples');
console.countReset();
console.count();
console.count(1);

console.assert(true, 'not printed');

console.table([{ a: 1, b: 'Y' }, { a: 'Z', b: 2 }]);
console.table([{ a: 1, b: 'Y' }, { a: 'Z', b: 2 }], ['a']);
console.table([[1, 2], [3, 4, 5]]);
console.table({ row1: { col: 'one' }, row2: { col: 'two', other: true } });
console.table(new Map([['k1', { v: 1 }], ['k2', 'plain']]));
console.table(new Set(['s1', { s: 2 }]));
console.table([1, 'two', { three: 3 }]);
console.table(['中文', 'ascii']);
console.table([{ nested: { deep: { deeper: 1 } }, arr: [1, 2, 3, 4, 5] }]);
console.table('not tabular');
console.table(42);
console.table([]);
console.table([{ a: 1 }, { b: 2 }]);
console.table(new Map([[1, 2]]).entries());
console.table([{ b: 1, 2: 'two', a: 3 }, { 10: 'ten', b: 2 }]);
console.table({ x: { z: 1 }, y: 'primitive' }, ['z', '0']);

const outChunks = [];
const errChunks = [];
// Streams enough for a Console: an emitter (for its 'error' listener) that writes.
const sink = (chunks) => Object.assign(new EventEmitter(), { write(chunk) { chunks.push(chunk); return true; } });
const stdout = sink(outChunks);
const stderr = sink(errChunks);
const mine = new Console({ stdout, stderr, groupIndentation: 4 });
mine.log('to my stdout %d', 1);
mine.error('to my stderr', { e: 1 });
mine.warn('warn is stderr too');
mine.group('my group');
mine.info('indented by four');
mine.groupEnd();
mine.assert(false, 'my %s failed', 'assertion');
mine.assert(false);
mine.assert(0, { an: 'object' });
mine.table([{ x: 1 }]);
mine.count('mine');
mine.trace === undefined ? mine.log('no trace') : mine.log('has trace');
const legacy = new Console(stdout);
legacy.error('legacy error falls back to stdout');
const withOptions = new Console({ stdout, inspectOptions: { depth: 0, compact: false } });
withOptions.log({ a: { b: 1 } });
console.log(JSON.stringify(outChunks));
console.log(JSON.stringify(errChunks));
console.log(typeof Console, Console === console.Console, new Console(stdout) instanceof Console);
console.log(Object.keys(console).sort().join(','));

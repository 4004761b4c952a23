// node tests/node/util_extend_and_deprecate_keep_nodes_shape.js
// util._extend (lib/util.js; DEP0060, a runtime deprecation in Node 24)
// copies the source's own enumerable keys onto the target, last first;
// util.deprecate's wrapper has the function's length (lib/internal/util.js).
'use strict';
const util = require('util');
process.on('warning', (w) => console.log(`warning ${w.name} ${w.code}: ${w.message}`));
const t = { a: 1 };
console.log(`${util._extend(t, { b: 2, a: 3 }) === t} ${JSON.stringify(t)} ${Object.keys(util._extend({ x: 1 }, { c: 1, d: 2 })).join(',')}`);
console.log(`${JSON.stringify(util._extend({ k: 1 }, null))} ${JSON.stringify(util._extend({ k: 1 }, 'str'))} ${util._extend.name} ${util._extend.length}`);
const d = util.deprecate(function f(a, b, c) { return a + b + c; }, 'f is old', 'DEP_TEST');
const desc = Object.getOwnPropertyDescriptor(d, 'length');
console.log(`deprecate: ${d.name} ${d.length} writable ${desc.writable} configurable ${desc.configurable} -> ${d(1, 2, 3)}`);

// Recorded with: node tests/node/require_resolves_relative_modules_and_cycles.js
// CommonJS: relative paths, index.js, .json, module.exports, and a cycle,
// where the module required back gets the other's unfinished exports.
const a = require('./fixtures/a');
const data = require('./fixtures/data.json');
const dir = require('./fixtures/dir');
console.log('main: a.done=' + a.done + ', b.done=' + a.b.done);
console.log('json: ' + data.name + ', dir: ' + dir.from);
console.log('same module object: ' + (require('./fixtures/a.js') === a));
try {
  require('./fixtures/missing');
} catch (e) {
  console.log('missing: ' + e.code + ' ' + e.message.split('\n')[0]);
}
console.log('builtin path: ' + typeof require('node:timers').setTimeout);

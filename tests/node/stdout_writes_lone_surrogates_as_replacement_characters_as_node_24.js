// node tests/node/stdout_writes_lone_surrogates_as_replacement_characters_as_node_24.js > tests/node/stdout_writes_lone_surrogates_as_replacement_characters_as_node_24.out (recorded with Node 24)
// A string with a lone surrogate is written, not refused: Node writes a
// string to stdout as UTF-8 with each lone surrogate U+FFFD (V8's
// REPLACE_INVALID_UTF8), through process.stdout.write and console.log alike.
'use strict';
process.stdout.write('write: a\ud800b\n');
process.stdout.write('trail: \udc00\n');
process.stdout.write('pair: \ud83d\ude00, reversed: \ude00\ud83d\n');
console.log('log: x\udfffy', 'two\ud800\ud800');
console.log('%s and %s', 'fmt\ud800', '\udbff!');
process.stdout.write('with a callback \ud800\n', () => {
  console.log('written, callback ran');
  setTimeout(() => process.stdout.write('from a timer \udc01\n'), 1);
});
process.stdout.write(Buffer.from('a Buffer stays bytes\n'));

// node tests/node/buffer_statics_are_plain_functions_as_node_24.js > tests/node/buffer_statics_are_plain_functions_as_node_24.out (recorded with Node 24)
// Buffer's static methods are plain functions in Node's lib/buffer.js (Buffer.of an
// arrow): called with new, each runs and its object result is the new expression's.
for (const k of ['from', 'of', 'copyBytesFrom', 'alloc', 'allocUnsafe', 'allocUnsafeSlow', 'isBuffer', 'isEncoding', 'byteLength', 'concat', 'compare']) {
  let r;
  const args = { from: ['a'], of: [1], copyBytesFrom: [new Uint8Array(2)], alloc: [1], allocUnsafe: [1], allocUnsafeSlow: [1], isBuffer: [1], isEncoding: ['hex'], byteLength: ['ab'], concat: [[]], compare: [Buffer.alloc(1), Buffer.alloc(1)] }[k];
  try { r = new Buffer[k](...args); r = Buffer.isBuffer(r) ? `Buffer(${r.length})` : typeof r; } catch (e) { r = e.name; /* the message is the engine's own wording */ }
  console.log(k, Buffer[k].name, Buffer[k].length, Object.hasOwn(Buffer[k], 'prototype'), r);
}

// node tests/node/global_buffer_is_an_accessor_pair_as_node_24.js > tests/node/global_buffer_is_an_accessor_pair_as_node_24.out (recorded with Node 24)
// globalThis.Buffer is a getter and setter pair, as Node's setupBuffer
// (lib/internal/bootstrap/node.js) defines it: assigning replaces what the
// getter returns and keeps the accessor; require('buffer') is unaffected.
const describe = (d) => Object.entries(d).map(([k, v]) => `${k}=${typeof v === 'function' ? `function ${v.name}` : String(v)}`).join(' ');
const d = Object.getOwnPropertyDescriptor(globalThis, 'Buffer');
console.log(describe(d));
console.log(Object.keys(globalThis).includes('Buffer'), 'Buffer' in globalThis);
console.log(Buffer === require('buffer').Buffer, d.get() === Buffer);
console.log(Buffer.from('héllo').toString('base64'), Buffer.isBuffer(Buffer.alloc(2)));
globalThis.Buffer = 42;
console.log(Buffer, describe(Object.getOwnPropertyDescriptor(globalThis, 'Buffer')));
console.log(typeof require('buffer').Buffer.from, require('buffer').Buffer.name);
globalThis.Buffer = undefined;
console.log(Buffer, 'Buffer' in globalThis);
delete globalThis.Buffer;
console.log('Buffer' in globalThis, typeof globalThis.Buffer);
console.log(Object.keys(require('buffer')).filter((k) => k === 'Blob' || k === 'File').join());

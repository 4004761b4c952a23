// node tests/node/global_crypto_is_a_getter_without_a_setter_as_node_24.js > tests/node/global_crypto_is_a_getter_without_a_setter_as_node_24.out (recorded with Node 24)
// globalThis.crypto: an enumerable getter named 'get crypto' with no
// setter, before and after it is first read; assigning to it does nothing.
const d0 = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
console.log(typeof d0.get, typeof d0.set, d0.enumerable, d0.configurable, d0.get && d0.get.name);
const c = crypto; const d1 = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
console.log('value' in d1, typeof d1.get, typeof d1.set, c === globalThis.crypto, String(c));
globalThis.crypto = 5; console.log(typeof crypto);

// node tests/node/global_object_keys_and_descriptors_as_node_24.js > tests/node/global_object_keys_and_descriptors_as_node_24.out (recorded with Node 24)
// The global object's enumerable own properties, in Node's order, and each
// global's property descriptor once the program has read it (crypto's
// aside: Node's has no setter, yet assigning to it replaces it).
console.log(Object.keys(globalThis).join(','));
const names = Object.getOwnPropertyNames(globalThis).filter((k) => k !== 'Intl' && k !== 'WebAssembly' && k !== 'crypto' && !/^(Performance|URLPattern|InternalError)/.test(k)).sort();
for (const k of names) void globalThis[k];
for (const k of names) {
  const d = Object.getOwnPropertyDescriptor(globalThis, k);
  console.log(k + ': ' + ('value' in d ? 'data' + (d.writable ? ', writable' : '') : 'accessor' + (d.get ? ', get' : '') + (d.set ? ', set' : '')) + (d.enumerable ? ', enumerable' : '') + (d.configurable ? ', configurable' : ''));
}

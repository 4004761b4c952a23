// node tests/node/worker_threads_exports_in_node_24_order_as_data_properties.js > tests/node/worker_threads_exports_in_node_24_order_as_data_properties.out (recorded with Node 24)
// require('worker_threads')'s exports: Node 24's names in its order, each a
// data property, and the globals that are the same objects.
const w = require('worker_threads');
for (const k of Object.keys(w)) {
  const d = Object.getOwnPropertyDescriptor(w, k);
  console.log(k, 'value' in d ? typeof d.value : 'accessor', d.enumerable, d.writable, d.configurable);
}
console.log(w.isInternalThread, w.BroadcastChannel === globalThis.BroadcastChannel, w.MessageChannel === globalThis.MessageChannel, w.locks === navigator.locks);

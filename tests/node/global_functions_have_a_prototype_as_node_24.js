// node tests/node/global_functions_have_a_prototype_as_node_24.js > tests/node/global_functions_have_a_prototype_as_node_24.out (recorded with Node 24)
// Node's timer functions, queueMicrotask, atob, btoa and process.nextTick
// are ordinary JavaScript functions: each has an own `prototype` (writable,
// not enumerable, not configurable) whose `constructor` is the function.
// So do structuredClone and fetch.
const fns = {
  setTimeout, setInterval, setImmediate, clearTimeout, clearInterval, clearImmediate,
  queueMicrotask, atob, btoa, 'process.nextTick': process.nextTick, structuredClone, fetch,
};
for (const [name, f] of Object.entries(fns)) {
  const d = Object.getOwnPropertyDescriptor(f, 'prototype');
  if (!d) {
    console.log(name, Object.getOwnPropertyNames(f).join(','), 'no prototype');
    continue;
  }
  const p = d.value;
  const c = Object.getOwnPropertyDescriptor(p, 'constructor');
  console.log(
    name,
    Object.getOwnPropertyNames(f).join(','),
    `prototype w${+d.writable} e${+d.enumerable} c${+d.configurable}`,
    `keys [${Reflect.ownKeys(p).join(',')}]`,
    `constructor is f: ${c.value === f} w${+c.writable} e${+c.enumerable} c${+c.configurable}`,
    Object.getPrototypeOf(p) === Object.prototype,
  );
}
const timers = require('timers');
console.log(timers.setTimeout.prototype === setTimeout.prototype, timers.setInterval.prototype === setInterval.prototype);
// The prototype can be replaced (writable) but not deleted (not configurable).
const before = setTimeout.prototype;
setTimeout.prototype = 1;
console.log(setTimeout.prototype, delete setTimeout.prototype, Object.hasOwn(setTimeout, 'prototype'));
setTimeout.prototype = before;
console.log(setTimeout.prototype.constructor === setTimeout);

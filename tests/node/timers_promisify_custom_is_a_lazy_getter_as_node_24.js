// node tests/node/timers_promisify_custom_is_a_lazy_getter_as_node_24.js > tests/node/timers_promisify_custom_is_a_lazy_getter_as_node_24.out (recorded with Node 24)
// setTimeout's and setImmediate's util.promisify.custom (Node's
// lib/timers.js): an enumerable, non-configurable getter named `get`, no
// setter, whose value is timers/promises' function; it cannot be replaced
// or deleted.
'use strict';
const util = require('util');
for (const name of ['setTimeout', 'setImmediate']) {
  const fn = globalThis[name];
  const d = Object.getOwnPropertyDescriptor(fn, util.promisify.custom);
  console.log(name, typeof d.get, d.get.name, typeof d.set, d.enumerable, d.configurable, 'value' in d);
  console.log(fn[util.promisify.custom] === require('timers/promises')[name], util.promisify(fn) === require('timers/promises')[name]);
  try { fn[util.promisify.custom] = 1; } catch (e) { console.log('assign:', e.name); }
  try { delete fn[util.promisify.custom]; } catch (e) { console.log('delete:', e.name); }
  console.log(typeof fn[util.promisify.custom]);
}
console.log(require('timers').setTimeout === setTimeout, require('timers').promises === require('timers/promises'));
// (One after the other: a 5 ms timer and an immediate started together
// race on a loaded machine.)
util.promisify(setImmediate)('soon').then((v) => {
  console.log('promisified setImmediate:', v);
  return util.promisify(setTimeout)(5, 'later');
}).then((v) => console.log('promisified setTimeout:', v));

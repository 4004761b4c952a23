// Recorded with Node 24: node tests/node/date_now_is_a_native_function_as_node_24.js
// Date.now is a built-in function: named "now", length 0, not a constructor,
// callable with any `this`; it gives whole milliseconds that never go back,
// as new Date() reads them.
const now = Date.now;
console.log(now.name, now.length, Object.getOwnPropertyNames(now).sort().join());
console.log(typeof now(), Number.isInteger(now()), Object.prototype.hasOwnProperty.call(now, 'prototype'));
try {
  new Date.now();
} catch (e) {
  console.log('new Date.now():', e.constructor.name);
}
const a = now.call(null);
const d = new Date();
const b = Reflect.apply(now, 42, []);
console.log(a <= d.getTime(), d.getTime() <= b, Date.now === now);

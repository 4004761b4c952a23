// Recorded with: node tests/node/v8_promise_hooks_on_init.js > tests/node/v8_promise_hooks_on_init.out
// v8.promiseHooks.onInit sees each promise made, with the promise it was
// chained from; the function it returns stops it.
const { promiseHooks } = require('v8');
const ids = new Map();
const id = (p) => {
  if (!ids.has(p)) ids.set(p, ids.size + 1);
  return ids.get(p);
};
const seen = [];
const stop = promiseHooks.onInit((promise, parent) => {
  seen.push(`init ${id(promise)} from ${parent === undefined ? 'nothing' : id(parent)}`);
});
const a = Promise.resolve(1);
const b = a.then((v) => v + 1);
const c = b.catch(() => {});
const d = new Promise((resolve) => resolve(c));
stop();
Promise.resolve(2).then(() => {});
console.log(seen.join('\n'));
try {
  promiseHooks.onInit(async () => {});
} catch (e) {
  console.log(e.code, e.message);
}
console.log(id(d) === 4, typeof promiseHooks.createHook);

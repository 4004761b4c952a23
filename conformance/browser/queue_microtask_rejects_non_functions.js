// queueMicrotask throws a TypeError for a non-function.
const log = (s) => console.log(s);
for (const v of [undefined, 1, 'code', {}]) {
  try { queueMicrotask(v); log('no throw'); } catch (e) { log(typeof v + ': ' + e.constructor.name); }
}

// Idle callbacks run in the order requested, each with a microtask
// checkpoint after it.
const log = (s) => console.log(s);
for (let i = 1; i <= 3; i++) {
  requestIdleCallback(() => {
    log('idle ' + i);
    Promise.resolve().then(() => log('  promise from idle ' + i));
    if (i === 3) console.log('__done__');
  });
}

// Timeouts with equal delays run in start order, each its own task with a
// microtask checkpoint after it.
const log = (s) => console.log(s);
for (let i = 1; i <= 4; i++) {
  setTimeout(() => {
    log('timeout ' + i);
    queueMicrotask(() => log('microtask ' + i));
    if (i === 4) console.log('__done__');
  }, 10);
}

// Each animation frame callback is followed by a microtask checkpoint.
const log = (s) => console.log(s);
for (let i = 1; i <= 3; i++) {
  requestAnimationFrame(() => {
    log('raf ' + i);
    Promise.resolve().then(() => log('  promise from raf ' + i));
    queueMicrotask(() => log('  microtask from raf ' + i));
    if (i === 3) setTimeout(() => console.log('__done__'), 0);
  });
}

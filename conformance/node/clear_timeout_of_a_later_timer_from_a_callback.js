// A timer callback can cancel a timer due later; clearing an already fired
// timer, or a non-timer, is harmless.
const log = (s) => console.log(s);
setImmediate(() => {
  const a = setTimeout(() => {
    log('a');
    clearTimeout(b);
    clearTimeout(a);
    clearTimeout(undefined);
    clearTimeout(null);
    clearTimeout({});
  }, 30);
  const b = setTimeout(() => log('b (cleared, never printed)'), 70);
  setTimeout(() => log('c'), 110);
});

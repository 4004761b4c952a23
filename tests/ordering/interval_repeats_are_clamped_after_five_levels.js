// jsloop-test: virtual-only
// setInterval's repeats run the timer initialization steps again from the
// timer's own task, so the nesting level grows and the clamp applies.
let n = 0;
let last = performance.now();
const id = setInterval(() => {
  n += 1;
  const now = performance.now();
  console.log('repeat ' + n + ' ' + (now - last >= 4 ? 'clamped' : 'fast'));
  last = now;
  if (n === 9) clearInterval(id);
}, 0);

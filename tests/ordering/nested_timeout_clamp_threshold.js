// jsloop-test: virtual-only
// The nesting example in a form a real browser prints the same way every
// run: which chained zero-delay timers were held to the 4 ms minimum.
let depth = 1;
let previousTime = performance.now();
function recurse() {
  if (depth > 10) return;
  const nowTime = performance.now();
  console.log('depth ' + depth + ' ' + (nowTime - previousTime >= 4 ? 'clamped' : 'fast'));
  previousTime = nowTime;
  depth += 1;
  setTimeout(recurse, 0);
}
setTimeout(recurse, 0);

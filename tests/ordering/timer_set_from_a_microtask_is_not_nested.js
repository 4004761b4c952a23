// jsloop-test: virtual-only
// A timer set from a microtask does not inherit the nesting level of the
// task that queued the microtask: the currently running task is then the
// microtask.
let level = 0;
function nest() {
  level += 1;
  if (level < 8) {
    setTimeout(nest, 0);
    return;
  }
  const start = performance.now();
  setTimeout(() => console.log('from the task: ' + (performance.now() - start >= 4 ? 'clamped' : 'fast')), 0);
  Promise.resolve().then(() => {
    setTimeout(() => console.log('from a microtask: ' + (performance.now() - start >= 4 ? 'clamped' : 'fast')), 0);
  });
}
setTimeout(nest, 0);

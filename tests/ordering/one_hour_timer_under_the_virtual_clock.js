// jsloop-test: virtual-only
// Under --clock virtual, time only moves when nothing is runnable: a script
// whose only work is a one-hour timer finishes at once, and the clocks agree.
const t0 = performance.now();
const d0 = Date.now();
setTimeout(() => {
  console.log('performance.now() advanced ' + (performance.now() - t0) + ' ms');
  console.log('Date.now() advanced ' + (Date.now() - d0) + ' ms');
}, 60 * 60 * 1000);
console.log('waiting an hour');

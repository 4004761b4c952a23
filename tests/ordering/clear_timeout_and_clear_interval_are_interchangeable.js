// jsloop-test: virtual-only (under the real clock a loaded machine can delay
// the 1 ms interval's third tick past the 50 ms timer, in a browser too)
// clearTimeout and clearInterval share one map of IDs; unknown IDs are ignored.
const t = setTimeout(() => console.log('timeout: must not run'), 5);
const i = setInterval(() => console.log('interval: must not run'), 5);
clearInterval(t);
clearTimeout(i);
clearTimeout(123456);
clearInterval(undefined);
clearTimeout('not a number');
console.log('ids are positive and distinct: ' + (t > 0 && i > 0 && t !== i));
let count = 0;
const j = setInterval(() => {
  count += 1;
  console.log('tick ' + count);
  if (count === 3) clearInterval(j);
}, 1);
setTimeout(() => console.log('done'), 50);

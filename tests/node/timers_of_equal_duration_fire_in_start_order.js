// Recorded with: node tests/node/timers_of_equal_duration_fire_in_start_order.js
// Delays below 1 ms become 1 ms (not the HTML clamp); equal delays fire in
// start order; an interval repeats until cleared.
// jsloop-test: virtual-only (under the real clock a loaded machine can pause
// the script between two setTimeout calls past the next timer's deadline, as
// it can pause Node)
setTimeout(() => console.log('b 10'), 10);
setTimeout(() => console.log('a 0 (1 ms)'), 0);
setTimeout(() => console.log('c 10'), 10);
setTimeout(() => console.log('d -1 (1 ms)'), -1);
setTimeout(() => console.log('e NaN (1 ms)'), NaN);
let n = 0;
const i = setInterval(() => {
  n += 1;
  console.log('interval ' + n);
  if (n === 3) clearInterval(i);
}, 20);

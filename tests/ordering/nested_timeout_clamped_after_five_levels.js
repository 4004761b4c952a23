// jsloop-test: virtual-only
// Seed 000's nesting example, printing rounded deltas. Timer initialization
// steps 3-5: a timer set from a timer task inherits its nesting level + 1,
// and once the level is greater than 5 a timeout below 4 ms becomes 4 ms.
let depth = 1;
let previousTime = performance.now();
function recurse() {
  if (depth > 10) {
    return;
  }
  const nowTime = performance.now();
  console.log({ depth, time: Math.round(nowTime - previousTime) });
  previousTime = nowTime;
  depth += 1;
  setTimeout(recurse, 0);
}

setTimeout(recurse, 0);

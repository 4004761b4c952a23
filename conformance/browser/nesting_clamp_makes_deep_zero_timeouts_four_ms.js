// A chain of nested setTimeout(0): from the sixth level on, the HTML
// nesting-level clamp makes each wait at least 4 ms.
const log = (s) => console.log(s);
let level = 0;
let last = performance.now();
function step() {
  level++;
  const now = performance.now();
  if (level >= 7) log('level ' + level + ' waited at least 4 ms: ' + (now - last >= 3.9));
  last = now;
  if (level < 10) setTimeout(step, 0); else console.log('__done__');
}
setTimeout(step, 0);

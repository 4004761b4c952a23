// Node's listOnTimeout re-inserts an interval after its callback returns,
// with the start time read before the callback: a timeout of the same
// duration started inside the callback is ahead of the interval in their
// list, so it fires first although both are due at the same time.
let n = 0;
const iv = setInterval(() => {
  n++;
  const k = n;
  console.log('interval ' + k);
  setTimeout(() => console.log('timeout started by interval run ' + k), 50);
  if (n === 3) clearInterval(iv);
}, 50);

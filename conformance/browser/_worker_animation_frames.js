const seen = [typeof requestAnimationFrame, typeof cancelAnimationFrame];
let first;
requestAnimationFrame((t) => {
  first = t;
  seen.push('a ' + typeof t);
  requestAnimationFrame((t2) => {
    seen.push('c later ' + (t2 > first));
    self.postMessage(seen.join(', '));
  });
});
requestAnimationFrame((t) => seen.push('b same ' + (t === first)));
const cancelled = requestAnimationFrame(() => seen.push('cancelled must not run'));
cancelAnimationFrame(cancelled);

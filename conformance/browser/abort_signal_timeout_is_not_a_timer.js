// AbortSignal.timeout runs steps after a timeout, not the timer
// initialization steps: it takes no timer ID, and its abort event's task
// has no timer nesting level, so zero timeouts chained from it are clamped
// from the same level as ones chained from the script (found by
// conformance/fuzz-browser.mjs, seed 4055).
const a = setTimeout(() => {}, 1000);
AbortSignal.timeout(2000);
const b = setTimeout(() => {}, 1000);
console.log('timer IDs apart: ' + (b - a));
clearTimeout(a);
clearTimeout(b);
AbortSignal.timeout(20).onabort = () => {
  console.log('abort');
  let level = 0;
  const next = () => {
    level++;
    console.log('level ' + level);
    if (level === 8) return;
    setTimeout(next, 0);
    // A message posted after it: a zero timeout is queued at once and goes
    // first; a clamped one (4 ms) comes after the message.
    const ch = new MessageChannel();
    ch.port1.onmessage = () => console.log('message after level ' + level);
    ch.port2.postMessage(0);
  };
  setTimeout(next, 0);
};

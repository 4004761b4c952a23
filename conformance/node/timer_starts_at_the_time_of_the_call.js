// conformance: real-only (it busy-waits on Date.now(), which under the virtual clock never moves while script runs)
// A timer's start is the time setTimeout was called (Node's getLibuvNow()
// updates libuv's cached time), not the time the loop turn began: after
// 100 ms of synchronous work, a 50 ms timeout is not already due, so the
// immediate comes first.
const log = (s) => console.log(s);
const t0 = Date.now();
while (Date.now() - t0 < 100) {}
setTimeout(() => log('timeout 50'), 50);
setImmediate(() => log('immediate'));
setTimeout(() => {
  log('timer at 120');
  const t1 = Date.now();
  while (Date.now() - t1 < 100) {}
  setTimeout(() => log('timeout 30 set after 100 ms of work'), 30);
  setImmediate(() => log('immediate from timer'));
}, 120);
setTimeout(() => log('timeout 200'), 200);

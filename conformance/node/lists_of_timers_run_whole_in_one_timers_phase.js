// conformance: virtual-only (under --clock real the order depends on wall time: a start-up slower than 60 ms runs the 20 ms and 60 ms timers together, so the 100 ms list gets its second timer late, in Node as in jsloop; seen under load)
// Node keeps a list of timers per duration and runs, in one timers phase,
// each expired list's due timers before the next list: after a stall, the
// 100 ms list's second timer (due at 120) runs before the 110 ms list's
// timer (due at 110). Atomics.wait stalls the thread (under jsloop's
// virtual clock it takes its time in virtual time).
const stall = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
setTimeout(() => console.log('100 ms list: first timer (due 100)'), 100);
setTimeout(() => console.log('110 ms list: its timer (due 110)'), 110);
setTimeout(() => {
  setTimeout(() => console.log('100 ms list: second timer (due 120)'), 100);
}, 20);
setTimeout(() => {
  console.log('stall from 60 to 160');
  stall(100);
}, 60);

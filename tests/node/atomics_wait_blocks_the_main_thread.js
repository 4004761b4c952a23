// node tests/node/atomics_wait_blocks_the_main_thread.js
// Node's main thread may block in Atomics.wait. A stall makes a timer due
// by the first timers phase, so it runs before the check phase's immediate.
const cell = new Int32Array(new SharedArrayBuffer(4));
setTimeout(() => console.log('timeout 10'), 10);
setImmediate(() => console.log('immediate'));
console.log(Atomics.wait(cell, 0, 1, 30));
console.log(Atomics.wait(cell, 0, 0, 30));
console.log(Atomics.wait(cell, 0, 0, 0));

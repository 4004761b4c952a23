// Why does Node print these in this order? Run it with
//   jsloop run examples/node_phases.js --clock virtual --trace
// to watch libuv's phases: the main module, then nextTicks before promise
// reactions, then turn after turn: timers, poll (the file read completes on
// the thread pool), check (setImmediate), close.
const fs = require('fs');

setTimeout(() => console.log('timeout (timers phase)'), 0);
setImmediate(() => console.log('immediate (check phase)'));
process.nextTick(() => console.log('nextTick (after the main module)'));
Promise.resolve().then(() => console.log('promise (after the nextTicks)'));

fs.readFile(__filename, () => {
  console.log('readFile callback (poll phase)');
  setTimeout(() => console.log('timeout set in I/O: after the immediate'), 0);
  setImmediate(() => console.log('immediate set in I/O: check comes right after poll'));
});

process.on('beforeExit', () => console.log('beforeExit: the loop has nothing left'));
console.log('main module');

// Awaiting in a loop: all the awaits of microtasks run before any immediate;
// awaiting a timers/promises immediate yields to the check phase.
const { setImmediate: immediate } = require('timers/promises');
const log = (s) => console.log(s);
(async () => {
  for (let i = 0; i < 3; i++) { await null; log('await ' + i); }
  for (let i = 0; i < 3; i++) { await immediate(); log('await immediate ' + i); }
})();
setImmediate(() => log('plain immediate 1'));
setImmediate(() => { log('plain immediate 2'); setImmediate(() => log('plain immediate 3')); });

// Each immediate gets its own nextTick/microtask drain; immediates queued
// during the check phase wait for the next turn.
const log = (s) => console.log(s);
setImmediate(() => {
  log('I1');
  Promise.resolve().then(() => log('I1 promise'));
  process.nextTick(() => log('I1 tick'));
  setImmediate(() => log('I4 (queued by I1)'));
});
setImmediate(() => {
  log('I2');
  queueMicrotask(() => log('I2 microtask'));
});
setImmediate(() => log('I3'));

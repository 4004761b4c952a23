// Work queued from ticks and microtasks of an immediate.
const log = (s) => console.log(s);
setImmediate(() => {
  log('I1');
  process.nextTick(() => { log('tick'); setImmediate(() => log('I3 (from tick)')); });
  Promise.resolve().then(() => { log('promise'); process.nextTick(() => log('tick from promise')); });
});
setImmediate(() => log('I2'));

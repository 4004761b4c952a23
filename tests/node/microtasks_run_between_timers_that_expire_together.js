// Recorded with: node tests/node/microtasks_run_between_timers_that_expire_together.js
// Since Node 11, nextTicks and microtasks run after each timer callback, not
// after the whole timers phase.
setTimeout(() => {
  console.log('timer 1');
  Promise.resolve().then(() => console.log('promise from timer 1'));
  process.nextTick(() => console.log('nextTick from timer 1'));
}, 5);
setTimeout(() => {
  console.log('timer 2');
  Promise.resolve().then(() => console.log('promise from timer 2'));
}, 5);

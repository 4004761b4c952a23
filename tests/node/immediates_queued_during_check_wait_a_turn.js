// Recorded with: node tests/node/immediates_queued_during_check_wait_a_turn.js
// The check phase runs the immediates queued when it began; one queued while
// it runs waits for the next turn, after nextTicks and microtasks of each.
setImmediate(() => {
  console.log('immediate A');
  setImmediate(() => console.log('immediate C (next turn)'));
  process.nextTick(() => console.log('nextTick from A'));
});
setImmediate(() => {
  console.log('immediate B');
  Promise.resolve().then(() => console.log('promise from B'));
});

// Recorded with: node tests/node/next_tick_runs_before_promise_reactions.js
// After the main module, the nextTick queue drains before the microtask
// queue; a nextTick queued by a promise reaction waits for the microtask
// queue to drain, and reactions queued by a nextTick run in that drain.
Promise.resolve().then(() => {
  console.log('promise 1');
  process.nextTick(() => console.log('nextTick from promise 1'));
}).then(() => console.log('promise 2'));
process.nextTick(() => {
  console.log('nextTick 1');
  Promise.resolve().then(() => console.log('promise from nextTick 1'));
  process.nextTick(() => console.log('nextTick from nextTick 1'));
});
process.nextTick(() => console.log('nextTick 2'));
console.log('main');

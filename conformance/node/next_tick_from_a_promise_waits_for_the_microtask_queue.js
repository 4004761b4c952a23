// A nextTick queued by a promise job runs only after the whole microtask
// queue has drained.
const log = (s) => console.log(s);
Promise.resolve().then(() => {
  log('p1');
  process.nextTick(() => log('tick from p1'));
  Promise.resolve().then(() => log('p1 -> p'));
});
Promise.resolve().then(() => log('p2'));
process.nextTick(() => log('tick 1'));

// One microtask queue: promise reactions and queueMicrotask callbacks run in
// the order they were queued, interleaved.
const log = (s) => () => console.log(s);
Promise.resolve().then(log('promise 1'));
queueMicrotask(log('queueMicrotask 1'));
Promise.resolve().then(() => {
  console.log('promise 2');
  queueMicrotask(log('queueMicrotask from promise 2'));
  Promise.resolve().then(log('promise from promise 2'));
});
queueMicrotask(() => {
  console.log('queueMicrotask 2');
  Promise.resolve().then(log('promise from queueMicrotask 2'));
});
Promise.resolve().then(log('promise 3'));
console.log('script');

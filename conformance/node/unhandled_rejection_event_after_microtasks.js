// With an 'unhandledRejection' listener the process survives; the event comes
// after the nextTick and microtask queues have drained.
const log = (s) => console.log(s);
process.on('unhandledRejection', (reason) => log('unhandledRejection ' + reason));
Promise.reject('r1');
process.nextTick(() => log('tick'));
Promise.resolve().then(() => log('promise 1')).then(() => log('promise 2'));
setTimeout(() => {
  log('timer');
  Promise.reject('r2');
  Promise.resolve().then(() => log('promise in timer'));
}, 5);
setTimeout(() => log('timer 2'), 5);

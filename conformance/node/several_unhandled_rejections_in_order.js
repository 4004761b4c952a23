// Several unhandled rejections are reported in the order they were created,
// after the microtasks of the turn, before immediates.
const log = (s) => console.log(s);
process.on('unhandledRejection', (r) => log('unhandled ' + r));
Promise.reject('first');
setImmediate(() => log('immediate'));
Promise.resolve().then(() => { Promise.reject('from a job'); });
Promise.reject('second');
process.nextTick(() => log('tick'));

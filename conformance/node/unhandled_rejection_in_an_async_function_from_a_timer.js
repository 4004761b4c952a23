// An async function that throws, called from a timer with no handler,
// reports unhandledRejection after the timer's microtasks.
const log = (s) => console.log(s);
process.on('unhandledRejection', (r) => log('unhandled ' + r.message));
async function fail() { await null; throw new Error('async fail'); }
setTimeout(() => {
  log('timer');
  fail();
  Promise.resolve().then(() => log('timer promise'));
  setImmediate(() => log('immediate'));
}, 0);

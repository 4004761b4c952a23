// A rejection skips then() handlers without a rejection callback, one tick
// per link, and reaches catch after them.
const log = (s) => console.log(s);
Promise.reject(new Error('boom'))
  .then(() => log('never'))
  .then(() => log('never'))
  .catch((e) => log('caught ' + e.message));
Promise.resolve()
  .then(() => log('a1'))
  .then(() => log('a2'))
  .then(() => log('a3'))
  .then(() => log('a4'));

// A rejection that gets a handler in a later microtask of the same turn is
// not reported.
const log = (s) => console.log(s);
process.on('unhandledRejection', (r) => log('unhandled ' + r));
const p = Promise.reject('handled late in the turn');
Promise.resolve().then(() => Promise.resolve()).then(() => {
  p.catch((r) => log('caught ' + r));
});
Promise.reject('really unhandled');

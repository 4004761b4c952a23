// A rejection handled within the same microtask drain is not reported.
const log = (s) => console.log(s);
process.on('unhandledRejection', (r) => log('unhandledRejection ' + r));
process.on('rejectionHandled', () => log('rejectionHandled'));
const p = Promise.reject('early');
Promise.resolve().then(() => p.catch((r) => log('caught ' + r)));
const q = Promise.reject('late');
setTimeout(() => q.catch((r) => log('caught ' + r)), 5);

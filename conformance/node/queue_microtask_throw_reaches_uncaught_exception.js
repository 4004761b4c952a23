// A throw from a queueMicrotask callback reaches 'uncaughtException'; the
// other microtasks still run.
const log = (s) => console.log(s);
process.on('uncaughtException', (err, origin) => log('uncaught: ' + err.message + ' (' + origin + ')'));
queueMicrotask(() => { log('m1'); throw new Error('from microtask'); });
queueMicrotask(() => log('m2'));
Promise.resolve().then(() => log('p'));
setTimeout(() => log('timer'), 5);

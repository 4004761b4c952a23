// An exception in a microtask is reported (an 'error' event on window) and the
// remaining microtasks still run.
const log = (s) => console.log(s);
window.addEventListener('error', (e) => { log('error event: ' + e.message.replace(/^Uncaught /, '') + ' error is ' + (e.error && e.error.constructor.name)); e.preventDefault(); });
queueMicrotask(() => { log('m1'); throw new RangeError('bad microtask'); });
queueMicrotask(() => log('m2'));
Promise.resolve().then(() => log('p1'));
setTimeout(() => { log('timeout'); console.log('__done__'); }, 0);

// A rejection handled by a later microtask of the same task is not reported.
const log = (s) => console.log(s);
window.addEventListener('unhandledrejection', (e) => { log('unhandledrejection ' + e.reason); e.preventDefault(); });
const p = Promise.reject('handled later in the turn');
Promise.resolve().then(() => Promise.resolve()).then(() => p.catch((r) => log('caught ' + r)));
Promise.reject('really unhandled');
setTimeout(() => { log('timer'); console.log('__done__'); }, 30);

// An exception in a timer is reported through window.onerror (which
// handles it) and the next timer still runs.
const log = (s) => console.log(s);
window.onerror = (msg, src, line, col, err) => { log('onerror ' + (err && err.message) + ' ' + (err instanceof Error)); return true; };
setTimeout(() => { log('timer 1'); Promise.resolve().then(() => log('microtask 1')); throw new Error('timer failed'); }, 0);
setTimeout(() => { log('timer 2'); console.log('__done__'); }, 0);

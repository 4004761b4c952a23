// Both window.onerror returning true and a listener's preventDefault
// handle the error; each sees every error, onerror with five arguments.
const log = (s) => console.log(s);
window.onerror = function (msg, src, line, col, err) { log('onerror args ' + arguments.length + ' message has text ' + String(msg).includes('first')); return true; };
window.addEventListener('error', (e) => log('listener defaultPrevented ' + e.defaultPrevented));
setTimeout(() => { throw new Error('first'); }, 0);
setTimeout(() => { log('next timer'); console.log('__done__'); }, 10);

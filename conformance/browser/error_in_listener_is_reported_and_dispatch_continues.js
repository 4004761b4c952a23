// A throwing listener is reported; dispatch goes on to the next listener.
const log = (s) => console.log(s);
window.onerror = (msg, src, line, col, err) => { log('onerror: ' + String(msg).replace(/^Uncaught /, '') + ' ' + (err instanceof TypeError)); return true; };
const t = new EventTarget();
t.addEventListener('x', () => { log('listener 1'); throw new TypeError('listener 1 failed'); });
t.addEventListener('x', () => log('listener 2'));
log('dispatch ' + t.dispatchEvent(new Event('x')));
log('after dispatch');

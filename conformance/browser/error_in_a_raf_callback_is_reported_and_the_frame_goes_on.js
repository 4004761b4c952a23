// An exception in one animation frame callback is reported; the other
// callbacks of the frame still run.
const log = (s) => console.log(s);
window.addEventListener('error', (e) => { log('error event ' + e.message.replace(/^Uncaught /, '')); e.preventDefault(); });
requestAnimationFrame(() => { log('raf 1 throws'); throw new Error('raf failed'); });
requestAnimationFrame(() => { log('raf 2'); console.log('__done__'); });

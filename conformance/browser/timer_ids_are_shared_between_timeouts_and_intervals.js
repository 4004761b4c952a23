// Timeouts and intervals share one id space: clearTimeout clears an interval
// and clearInterval a timeout; ids are positive and distinct.
const log = (s) => console.log(s);
const a = setTimeout(() => log('timeout cleared by clearInterval: never'), 10);
const b = setInterval(() => log('interval cleared by clearTimeout: never'), 10);
log('ids positive and distinct ' + (a > 0 && b > 0 && a !== b));
clearInterval(a);
clearTimeout(b);
clearTimeout(123456);
clearTimeout('nonsense');
setTimeout(() => { log('only this runs'); console.log('__done__'); }, 40);

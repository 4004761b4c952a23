// Timers set from a microtask still come after the script's own timers of
// the same delay.
const log = (s) => console.log(s);
Promise.resolve().then(() => setTimeout(() => { log('from microtask'); console.log('__done__'); }, 0));
setTimeout(() => log('from script'), 0);

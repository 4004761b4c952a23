// A microtask queued by one timer can cancel the next timer of the same delay.
const log = (s) => console.log(s);
let second;
setTimeout(() => {
  log('first');
  Promise.resolve().then(() => { log('microtask clears second'); clearTimeout(second); });
}, 10);
second = setTimeout(() => log('second: never'), 10);
setTimeout(() => { log('third'); console.log('__done__'); }, 10);

// An interval with microtasks after each tick, cleared on the third.
const log = (s) => console.log(s);
let n = 0;
const id = setInterval(() => {
  n++;
  log('tick ' + n);
  Promise.resolve().then(() => log('promise ' + n));
  if (n === 3) { clearInterval(id); setTimeout(() => { log('after'); console.log('__done__'); }, 50); }
}, 10);

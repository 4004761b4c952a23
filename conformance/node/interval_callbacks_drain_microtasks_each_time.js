// Each interval callback is followed by its nextTicks and promise jobs
// before the timer list goes on.
const log = (s) => console.log(s);
setImmediate(() => {
  let n = 0;
  const iv = setInterval(() => {
    n++;
    log('interval ' + n);
    process.nextTick(() => log('tick ' + n));
    Promise.resolve().then(() => log('promise ' + n));
    if (n === 2) clearInterval(iv);
  }, 30);
});

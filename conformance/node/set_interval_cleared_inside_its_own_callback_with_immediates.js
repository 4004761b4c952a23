// An interval that clears itself on the first tick does not repeat; its
// immediates run before later timers.
// The case starts in an immediate, so its timers do not depend on start-up time.
const log = (s) => console.log(s);
setImmediate(() => {
  const iv = setInterval(() => {
    log('interval once');
    clearInterval(iv);
    setImmediate(() => log('immediate from interval'));
  }, 10);
  setTimeout(() => log('timeout 40'), 40);
});

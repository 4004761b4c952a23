// Timers started from timer callbacks, with deadlines far apart.
// The case starts in an immediate, so its timers do not depend on start-up time.
const log = (s) => console.log(s);
setImmediate(() => {
  setTimeout(() => {
    log('A at 20');
    setTimeout(() => log('C at 60 (from A)'), 40);
    setImmediate(() => log('immediate from A'));
  }, 20);
  setTimeout(() => {
    log('B at 100');
    setTimeout(() => log('D at 120 (from B)'), 20);
  }, 100);
  setTimeout(() => log('E at 150'), 150);
});

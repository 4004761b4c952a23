// An unref'd timer still fires if the loop is alive for other reasons.
// The case starts in an immediate, so its timers do not depend on start-up time.
const log = (s) => console.log(s);
setImmediate(() => {
  setTimeout(() => log('unrefed at 10'), 10).unref();
  setTimeout(() => log('refed at 40'), 40);
  setTimeout(() => log('unrefed at 80 (never)'), 80).unref();
  process.on('exit', () => log('exit'));
});

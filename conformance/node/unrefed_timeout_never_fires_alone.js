// An unref'd timer does not keep the loop alive; re-ref'ing one does.
// The case starts in an immediate, so its timers do not depend on start-up time.
const log = (s) => console.log(s);
setImmediate(() => {
  const a = setTimeout(() => log('unrefed (never)'), 60);
  a.unref();
  const b = setTimeout(() => log('unrefed then refed'), 20);
  b.unref();
  b.ref();
  log('hasRef ' + a.hasRef() + ' ' + b.hasRef());
  process.on('exit', () => log('exit'));
});

// conformance: virtual-only (under --clock real the order depends on wall time: a poll that wakes 40 ms late finds the unref'd 60 ms timer due with the 20 ms one and runs both, in Node as in jsloop; seen under load)
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

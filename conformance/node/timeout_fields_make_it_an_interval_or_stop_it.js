// conformance: virtual-only (under --clock real the order depends on wall time: a 9 ms stall between starting the 10 ms timer and the 1 ms ones reorders them, in Node as in jsloop; seen under load)
// A Timeout's fields as programs use them: lib/internal/timers.js reads
// `_onTimeout`, `_repeat` and `_idleTimeout` when the timer is due and when
// its callback returns; `_destroyed` says whether it is done. Also the
// warnings for a NaN or negative delay (once per process each).
setImmediate(() => {
  const log = (s) => console.log(s);
  process.on('warning', (w) => log(`warning ${w.name}: ${w.message.split('\n')[0]}`));
  const t = setTimeout(() => {
    log(`t runs, _repeat ${t._repeat}, _destroyed ${t._destroyed}`);
    if (t._repeat) {
      clearInterval(t);
      log(`t cleared: _destroyed ${t._destroyed}, _idleTimeout ${t._idleTimeout}`);
      return;
    }
    t._repeat = 30;
  }, 10);
  const i = setInterval(() => {
    log('i runs once');
    i._idleTimeout = -1;
  }, 15);
  const j = setInterval(() => log('j never runs'), 20);
  j._onTimeout = null;
  setTimeout(() => log('NaN delay'), NaN);
  setTimeout(() => log('negative delay'), -5);
  setTimeout(() => log('second negative delay'), -6);
  setTimeout(() => log('second NaN delay'), 'x');
  setTimeout(() => {
    log(`t ${t._destroyed}, i ${i._destroyed} (_idleTimeout ${i._idleTimeout}), j ${j._destroyed} (_repeat ${j._repeat})`);
    const im = setImmediate(() => log('im never runs'));
    log(`im _destroyed ${im._destroyed}`);
    im[Symbol.dispose]();
    log(`im disposed: _destroyed ${im._destroyed}`);
    const k = setTimeout(() => log('k never runs'), 5);
    k[Symbol.dispose]();
    log(`k disposed: _destroyed ${k._destroyed}, _idleTimeout ${k._idleTimeout}`);
    const r = setImmediate(() => log(`r runs: _destroyed ${r._destroyed}`));
  }, 100);
});

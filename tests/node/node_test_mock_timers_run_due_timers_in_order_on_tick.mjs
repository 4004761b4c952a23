// Recorded with: node tests/node/node_test_mock_timers_run_due_timers_in_order_on_tick.mjs > tests/node/node_test_mock_timers_run_due_timers_in_order_on_tick.out
// node:test's MockTimers (t.mock.timers, mock.timers): setTimeout,
// setInterval, setImmediate (global and node:timers') and Date on a clock
// moved only by tick(); a tick runs the due timers by due time, then
// creation order, with Date.now() already at the end of the tick; an
// interval comes back each period; cleared timers never run; setTime moves
// the clock without running timers; runAll ticks to the last one; reset()
// restores the real functions; Node's ERR_INVALID_STATE and
// ERR_INVALID_ARG_VALUE errors. The reporter's lines (durations) are left out.
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const kept = String(chunk).split('\n').filter((l) => l !== '' && !/^\s|^[✔✖﹣⚠▶ℹ]|^test at /.test(l));
  return kept.length ? write(kept.join('\n') + '\n', ...rest) : true;
};
const { test, mock } = await import("node:test");
const { default: timers } = await import('node:timers');
const log = [];
test('mock timers', (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval', 'setImmediate', 'Date'], now: 1000 });
  console.log('Date.now', Date.now(), new Date().toISOString());
  const a = setTimeout((x) => log.push(`a ${x} ${Date.now()}`), 50, 'arg');
  setTimeout(() => log.push(`b ${Date.now()}`), 20);
  const iv = setInterval(() => { log.push(`iv ${Date.now()}`); }, 30);
  setImmediate(() => log.push(`imm ${Date.now()}`));
  const c = setTimeout(() => log.push('c never'), 40);
  clearTimeout(c);
  console.log(typeof a, typeof a.ref, typeof a.unref, typeof a.hasRef, typeof a[Symbol.toPrimitive]);
  t.mock.timers.tick(10); console.log('after 10', log.splice(0).join(', '));
  t.mock.timers.tick(60); console.log('after 70', log.splice(0).join(', '));
  clearInterval(iv);
  t.mock.timers.tick(100); console.log('after 170', log.splice(0).join(', '), Date.now());
  t.mock.timers.setTime(5000); console.log('setTime', Date.now());
  setTimeout(() => log.push(`late ${Date.now()}`), 1000);
  setTimeout(() => log.push(`later ${Date.now()}`), 2000);
  t.mock.timers.runAll(); console.log('runAll', log.splice(0).join(', '), Date.now());
  console.log('timers module mocked', timers.setTimeout === setTimeout);
  try { t.mock.timers.enable(); } catch (e) { console.log(e.code, e.message); }
  t.mock.timers.reset();
  try { t.mock.timers.tick(1); } catch (e) { console.log(e.code, e.message); }
  try { mock.timers.enable({ apis: ['nope'] }); } catch (e) { console.log(e.code, e.message); }
  mock.timers.enable({ apis: ['setTimeout'] });
  try { mock.timers.tick(-1); } catch (e) { console.log(e.code, e.message); }
  mock.timers.reset();
  console.log('real Date again', Date.now() > 1e12);
});
process.on('exit', (code) => console.log('exit code', code));

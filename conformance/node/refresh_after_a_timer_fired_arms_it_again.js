// conformance: virtual-only (under --clock real the order depends on wall time: a start-up stall of 60 ms runs the 10 ms and the unref'd 70 ms timers in one timers phase, before the immediate, in Node as in jsloop; seen under load)
// refresh() on a timeout that already fired arms it again (Node's active()
// re-inserts it); on a cleared one it does nothing. hasRef() reports the
// ref flag, which firing or clearing does not change.
const log = (s) => console.log(s);
let fired = 0;
const t = setTimeout(() => {
  fired++;
  log('t fired ' + fired);
  if (fired === 1) setImmediate(() => { log('hasRef after firing ' + t.hasRef()); t.refresh(); });
  if (fired === 2) setTimeout(() => log('last timer'), 100);
}, 10);
const c = setTimeout(() => log('cleared timer: never printed'), 30);
clearTimeout(c);
log('cleared hasRef ' + c.hasRef());
c.refresh();
const u = setTimeout(() => log('unref timer fired while another timer keeps the loop alive'), 70);
u.unref();
log('unref hasRef ' + u.hasRef());
process.on('exit', () => log('exit, t fired ' + fired + ' times'));

// conformance: virtual-only (under --clock real the order depends on wall time: the 30 ms timer more than 30 ms late refreshes the 60 ms one past the 120 ms timer, in Node as in jsloop; seen under load)
// timeout.refresh() restarts the timer from now.
// The case starts in an immediate, so its timers do not depend on start-up time.
const log = (s) => console.log(s);
setImmediate(() => {
  const t = setTimeout(() => log('refreshed timer (at ~90)'), 60);
  setTimeout(() => { log('at 30: refresh'); t.refresh(); }, 30);
  setTimeout(() => log('at 60'), 60);
  setTimeout(() => log('at 120'), 120);
});

// timeout.refresh() restarts the timer from now.
// The case starts in an immediate, so its timers do not depend on start-up time.
const log = (s) => console.log(s);
setImmediate(() => {
  const t = setTimeout(() => log('refreshed timer (at ~90)'), 60);
  setTimeout(() => { log('at 30: refresh'); t.refresh(); }, 30);
  setTimeout(() => log('at 60'), 60);
  setTimeout(() => log('at 120'), 120);
});

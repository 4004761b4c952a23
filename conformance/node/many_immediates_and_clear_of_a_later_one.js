// Immediates run in order; one cleared from a nextTick never runs; one
// queued by a microtask during the phase waits a turn.
const log = (s) => console.log(s);
const ids = [];
for (let i = 0; i < 5; i++) {
  ids.push(setImmediate(() => {
    log('immediate ' + i);
    if (i === 1) process.nextTick(() => clearImmediate(ids[3]));
    if (i === 2) Promise.resolve().then(() => setImmediate(() => log('from microtask of 2')));
  }));
}

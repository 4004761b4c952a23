// conformance: virtual-only (under --clock real the order depends on wall time: the 60 ms sleeps 30 ms late put the 150 ms timeout before the second tick's immediate, in Node as in jsloop; seen under load)
// An async generator that waits on timers, consumed by for await (started
// from an immediate, so the loop's clock is fresh). The timeout is due
// between the second and third ticks, 30 ms from each.
const log = (s) => console.log(s);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function* ticks() {
  for (let i = 0; i < 3; i++) { await sleep(60); yield i; }
}
setImmediate(() => {
  (async () => {
    for await (const i of ticks()) {
      log('tick ' + i);
      setImmediate(() => log('immediate after tick ' + i));
    }
    log('done');
  })();
  setTimeout(() => log('timeout 150'), 150);
});

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

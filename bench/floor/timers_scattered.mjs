// The floor of bench/workloads/timers_scattered.mjs (bench/bare/src/floor.rs):
// N timers armed at once (N native calls, N handle objects, N closures), each
// called from native code when due, in due order.
const N = Math.round(300_000 * (globalThis.BENCH_SCALE ?? 1));
let fired = 0;
let sum = 0;
let early = 0;
let worst = 0;
for (let i = 0; i < N; i++) {
  const delay = (i * 7919) % 101;
  const created = Date.now();
  __floor.timer(() => {
    fired++;
    sum += delay;
    const waited = Date.now() - created;
    if (waited < delay - 1) { early++; worst = Math.max(worst, delay - waited); }
    if (fired === N) {
      console.log(`timers_scattered ${fired} ${sum}`);
      if (early) console.error(`note: ${early} of ${fired} timers fired early (by up to ${worst} ms)`);
    }
  }, delay);
}

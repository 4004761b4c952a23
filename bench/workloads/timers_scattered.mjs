// timers_scattered: N timers whose delays are spread over 0..100 ms, all
// pending at once, all fired. The check line counts them and sums their
// delays. A timer that fires more than 1 ms before its delay has passed since
// its setTimeout call is reported on stderr (a note, not part of the check).
const N = Math.round(300_000 * (globalThis.BENCH_SCALE ?? 1));
let fired = 0;
let sum = 0;
let early = 0;
let worst = 0;
for (let i = 0; i < N; i++) {
  const delay = (i * 7919) % 101;
  const created = Date.now();
  setTimeout(() => {
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

// The floor of bench/workloads/next_tick.mjs (bench/bare/src/floor.rs): N
// native calls that queue a callback (no handle), N calls of it from native
// code.
const N = Math.round(1_000_000 * (globalThis.BENCH_SCALE ?? 1));
let ticks = 0;
function tick() {
  if (++ticks < N) __floor.tick(tick);
  else console.log(`next_tick ${ticks}`);
}
__floor.tick(tick);

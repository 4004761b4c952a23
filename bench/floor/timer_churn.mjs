// The floor of bench/workloads/timer_churn.mjs (bench/bare/src/floor.rs): N
// native calls that arm a timer and return a handle object, N native calls
// that cancel it.
const N = Math.round(1_000_000 * (globalThis.BENCH_SCALE ?? 1));
let fired = 0;
const never = () => { fired++; };
for (let i = 0; i < N; i++) __floor.cancel(__floor.timer(never, 1));
__floor.timer(() => console.log(`timer_churn ${N} fired=${fired}`), 2);

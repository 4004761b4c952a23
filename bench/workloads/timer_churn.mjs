// timer_churn: N setTimeout + clearTimeout pairs (as a debounce or a request
// timeout does); none may fire. A last timer, due after all of them, checks.
const N = Math.round(1_000_000 * (globalThis.BENCH_SCALE ?? 1));
let fired = 0;
const never = () => { fired++; };
for (let i = 0; i < N; i++) clearTimeout(setTimeout(never, 1));
setTimeout(() => console.log(`timer_churn ${N} fired=${fired}`), 2);

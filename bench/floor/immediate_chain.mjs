// The floor of bench/workloads/immediate_chain.mjs (bench/bare/src/floor.rs):
// N native calls that queue a callback and return a handle object, N calls
// of the callback from native code.
const N = Math.round(1_000_000 * (globalThis.BENCH_SCALE ?? 1));
let hops = 0;
function hop() {
  if (++hops < N) __floor.immediate(hop);
  else console.log(`immediate_chain ${hops}`);
}
__floor.immediate(hop);

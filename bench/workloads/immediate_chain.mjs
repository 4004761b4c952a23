// immediate_chain: N setImmediate hops, each scheduled from the previous one,
// so every hop is one turn of the loop (check phase) on Node-style loops.
import { setImmediate } from 'node:timers';
const N = Math.round(1_000_000 * (globalThis.BENCH_SCALE ?? 1));
let hops = 0;
function hop() {
  if (++hops < N) setImmediate(hop);
  else console.log(`immediate_chain ${hops}`);
}
setImmediate(hop);

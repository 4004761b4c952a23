// next_tick: a chain of N process.nextTick callbacks, each queued by the
// previous one (the nextTick queue drains in one go).
import process from 'node:process';
const N = Math.round(1_000_000 * (globalThis.BENCH_SCALE ?? 1));
let ticks = 0;
function tick() {
  if (++ticks < N) process.nextTick(tick);
  else console.log(`next_tick ${ticks}`);
}
process.nextTick(tick);

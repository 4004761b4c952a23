// microtask_chain: one chain of N promise reactions (p.then(f).then(f)...),
// built up front and then run by the microtask queue, one reaction per job.
const N = Math.round(1_000_000 * (globalThis.BENCH_SCALE ?? 1));
let p = Promise.resolve(0);
for (let i = 0; i < N; i++) p = p.then((v) => v + 1);
p.then((v) => console.log(`microtask_chain ${v}`));

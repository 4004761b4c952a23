// await_loop: N sequential awaits in one async function (each await of an
// already-resolved promise suspends and resumes through the microtask queue).
const N = Math.round(200_000 * (globalThis.BENCH_SCALE ?? 1));
async function main() {
  let sum = 0;
  for (let i = 0; i < N; i++) sum += await Promise.resolve(i & 7);
  return sum;
}
main().then((sum) => console.log(`await_loop ${N} ${sum}`));

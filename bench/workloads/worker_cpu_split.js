// A CPU-bound job (counting primes below N by trial division) split across
// K worker threads; prints the count. Usage: worker_cpu_split.js K N
const { Worker, isMainThread, parentPort, workerData } = require('worker_threads');
function countPrimes(from, to) {
  let count = 0;
  for (let n = Math.max(2, from); n < to; n++) {
    let prime = true;
    for (let d = 2; d * d <= n; d++) if (n % d === 0) { prime = false; break; }
    if (prime) count++;
  }
  return count;
}
if (isMainThread) {
  const k = Number(process.argv[2] || 2);
  const n = Number(process.argv[3] || 2000000);
  let total = 0, done = 0;
  for (let i = 0; i < k; i++) {
    // Interleaved ranges balance the work (larger numbers cost more).
    const w = new Worker(__filename, { workerData: { i, k, n } });
    w.on('message', (c) => { total += c; if (++done === k) console.log(`worker_cpu_split k=${k} n=${n} primes=${total}`); });
  }
} else {
  const { i, k, n } = workerData;
  const chunk = 10000;
  let c = 0;
  for (let start = i * chunk; start < n; start += k * chunk) c += countPrimes(start, Math.min(n, start + chunk));
  parentPort.postMessage(c);
}

// node tests/node/process_memory_usage_reports_the_heap_as_node_24.js > tests/node/process_memory_usage_reports_the_heap_as_node_24.out (recorded with Node 24)
// process.memoryUsage(): Node's five figures, the heap's in use (was 0) and
// growing with what the program allocates.
const m = process.memoryUsage();
console.log(Object.keys(m), Object.values(m).every((v) => typeof v === 'number'));
console.log(m.heapUsed > 0, m.heapUsed <= m.heapTotal, m.rss > m.heapUsed);
const big = new Array(1e6).fill(0).map((_, i) => ({ i }));
const after = process.memoryUsage();
console.log('grew by more than 10 MB:', after.heapUsed - m.heapUsed > 10e6, big.length);
console.log(process.memoryUsage.rss() > 0);

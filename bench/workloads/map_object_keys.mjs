// map_object_keys: a Map, a WeakMap and a Set keyed by N objects, each key
// looked up 20 times in each, after 6N other objects were made and kept (a
// heap of tens of MiB, as a program's is once it has done some work). The
// check line sums what the lookups found. QuickJS hashes an object key by its
// address, so this is also a check that objects' addresses spread over a
// table's buckets (bench/README.md, "map_object_keys").
const N = Math.round(50_000 * (globalThis.BENCH_SCALE ?? 1));
const keep = [];
for (let i = 0; i < 6 * N; i++) keep.push({ i });
const map = new Map();
const weak = new WeakMap();
const set = new Set();
const keys = [];
for (let i = 0; i < N; i++) {
  const o = { i };
  keys.push(o);
  map.set(o, i);
  weak.set(o, i);
  set.add(o);
}
let sum = 0;
let found = 0;
for (let r = 0; r < 20; r++) {
  for (const o of keys) {
    sum += map.get(o) + weak.get(o);
    if (set.has(o)) found++;
  }
}
console.log(`map_object_keys ${N} sum=${sum} found=${found} kept=${keep.length}`);

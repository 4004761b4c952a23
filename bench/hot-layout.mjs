#!/usr/bin/env node
// bench/hot-layout.mjs: orders the loop-bound workloads' hot functions
// (bench/hot-order's list) so that the code a loop turn runs fits the
// instruction cache: no 64-byte line of it evicted by another of it.
//
// The machine's L1 instruction cache (a KVM guest on AMD EPYC: 32 KB,
// 8-way, 64 sets of 64-byte lines, as callgrind simulates it) holds eight
// lines per set, a line's set being bits 6-11 of its address. A
// message_ping turn on the node host runs about 390 distinct lines, which
// fit the cache's 512 only if no set gets more than eight of them; laid
// out in the order of the list (smallest function first) some sets got
// 9 to 13 and were fetched again every turn: 30 to 46 simulated misses a
// message depending on the build, and the CPU time moved with them (the
// same instructions 7-10% slower in one build than in another). Which set a
// hot line falls in depends only on where its function starts relative to
// the first function of the list (the linker lays the list's functions out
// one after the other, each at its alignment, from the start of .text),
// so the order can be chosen: this script models that layout from the
// binary the profiles were taken of, and searches (simulated annealing
// with a fixed seed) for an order in which no set of any workload holds
// more than eight hot lines, and as few as can hold eight exactly.
//
// (An earlier version of this script counted the sets with every function
// at a 16-byte boundary and its symbol's size: glibc's memcpy, 64-byte
// aligned in a section that begins with its other entries, shifted all
// that came after it, and an order it found with no set over 7 lines gave
// 9.5 simulated misses a message on the node host.)
//
// Usage: node bench/hot-layout.mjs BINARY BUILT-LIST CANDIDATES
//          NAME:OPS:SMALL.cg:LARGE.cg ...
//   BINARY      the release jsloop the profiles were taken of
//               (`--dump-instr=yes`)
//   BUILT-LIST  the hot-order.txt BINARY was linked with
//   CANDIDATES  the functions to order, one mangled name a line
//   then, per workload: its name, the operations LARGE runs more than
//   SMALL, and the two callgrind files. A line is hot when its
//   instructions run at least 0.4 times an operation more. The order is
//   printed on stdout.
// The model is exact when BUILT-LIST and CANDIDATES have the same
// functions (the order may differ); functions new to the list are placed
// at their size and 16-byte alignment, and glibc's multi-entry sections
// (memcpy's) are kept last, where their size cannot shift the rest. It
// prints the sets' overflow before and after; run bench/hot-order again
// after a build with a list whose functions changed (it says so).
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const [binary, linkedFile, listFile, ...specs] = process.argv.slice(2);
if (!binary || !linkedFile || !listFile || specs.length === 0) {
  console.error('usage: node bench/hot-layout.mjs BINARY BUILT-LIST CANDIDATES NAME:OPS:SMALL.cg:LARGE.cg ...');
  process.exit(2);
}
const WAYS = 8;
const SETS = 64;
const LINE = 64;

// Self instructions by address, from a callgrind file written with
// --dump-instr=yes (call lines' inclusive costs left out).
function instructions(path) {
  const cost = new Map();
  let last = 0n;
  let skip = false;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('calls=')) {
      skip = true;
      continue;
    }
    const c = line[0];
    if (!(c === '+' || c === '-' || c === '*' || (c >= '0' && c <= '9'))) continue;
    const parts = line.split(' ');
    const a = parts[0];
    let addr;
    if (a.startsWith('0x')) addr = BigInt(a);
    else if (a[0] === '+') addr = last + BigInt(a.slice(1));
    else if (a[0] === '-') addr = last - BigInt(a.slice(1));
    else if (a === '*') addr = last;
    else continue;
    last = addr;
    if (skip) {
      skip = false;
      continue;
    }
    const ir = Number(parts[2] ?? 0);
    const k = Number(addr);
    cost.set(k, (cost.get(k) ?? 0) + ir);
  }
  return cost;
}

const workloads = specs.map((spec) => {
  const [name, ops, small, large] = spec.split(':');
  const a = instructions(small);
  const b = instructions(large);
  const hot = [];
  for (const [addr, n] of b) if ((n - (a.get(addr) ?? 0)) / Number(ops) >= 0.4) hot.push(addr);
  return { name, hot: hot.sort((x, y) => x - y) };
});

// The binary's functions, by address.
const symbols = execFileSync('nm', ['-n', '-S', '--defined-only', binary], { maxBuffer: 1 << 28 })
  .toString()
  .split('\n')
  .map((l) => l.split(' '))
  .filter((p) => p.length === 4 && 'tTwW'.includes(p[2]))
  .map(([a, s, , name]) => ({ addr: parseInt(a, 16), size: parseInt(s, 16), name }));
const firstAt = new Map();
for (const s of symbols) if (!firstAt.has(s.name)) firstAt.set(s.name, s.addr);
const read = (file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'));
const list = read(listFile);
const glibc = (name) => name.startsWith('__');
const startsOf = (names) =>
  [...new Set(names.filter((n) => firstAt.has(n)).map((n) => firstAt.get(n)))].sort((x, y) => x - y);
const within = (lo, hi) => symbols.filter((s) => s.addr >= lo && s.addr < hi);

// How the binary was linked (LINKED, the list it was built with: its
// functions laid out one after the other from the start of .text): each
// one's alignment, read from the gap before it, and what its section holds
// besides it (glibc's string functions share one).
const linked = startsOf(read(linkedFile));
const origin = linked[0];
const old = new Map();
linked.forEach((start, i) => {
  const next = linked[i + 1] ?? start + 1;
  const extent = within(start, next);
  const end = Math.max(...extent.map((s) => s.addr + s.size));
  const prevEnd = i > 0 ? old.get(linked[i - 1]).end : start;
  const align = [16, 32, 64, 128].find((p) => Math.ceil(prevEnd / p) * p === start) ?? 64;
  old.set(start, { end, align, extent });
});

// Blocks: each listed function with its aliases (for glibc's, its whole
// section), at its size and alignment (16 bytes if it was not in LINKED).
const blocks = startsOf(list).map((listedAt) => {
  const o = old.get(listedAt);
  const isGlibc = !!o && o.extent.some((s) => glibc(s.name) && list.includes(s.name));
  // (glibc's section begins with its other entries, which the linker laid
  // out at the end of the function before it.)
  // (Back over the section's entries the list names itself, to the end of
  // the function before them.)
  let k = linked.indexOf(listedAt) - 1;
  const allGlibc = (at) => symbols.filter((s) => s.addr === at).every((s) => glibc(s.name));
  while (isGlibc && k > 0 && allGlibc(linked[k])) k--;
  const before = linked[k];
  const lead =
    isGlibc && before !== undefined
      ? linked
          .slice(k, linked.indexOf(listedAt))
          .flatMap((at) => old.get(at).extent)
          .filter((s) => s.addr > before && glibc(s.name))
      : [];
  const start = Math.min(listedAt, ...lead.map((s) => s.addr));
  const kept = isGlibc ? [...lead, ...o.extent] : symbols.filter((s) => s.addr === listedAt);
  const end = Math.max(...kept.map((s) => s.addr + s.size));
  return {
    start,
    size: end - start,
    align: o ? o.align : 16,
    names: kept.map((s) => s.name).filter((n, j, all) => all.indexOf(n) === j),
    glibc: isGlibc,
    hot: workloads.map((w) => w.hot.filter((x) => x >= start && x < end).map((x) => x - start)),
  };
});

function place(order) {
  let at = origin;
  const pos = new Map();
  for (const i of order) {
    const b = blocks[i];
    at = Math.ceil(at / b.align) * b.align;
    pos.set(i, at);
    at += b.size;
  }
  return pos;
}

// Per workload: hot lines above the ways (each one a miss a turn), plus a
// tenth for every set exactly full (no room for the code a turn runs now
// and then: such a set still missed about once a turn).
function cost(order) {
  const pos = place(order);
  let total = 0;
  const per = [];
  workloads.forEach((w, wi) => {
    const sets = new Array(SETS).fill(0);
    for (const i of order) {
      const lines = new Set(blocks[i].hot[wi].map((o) => Math.floor((pos.get(i) + o) / LINE)));
      for (const l of lines) sets[l % SETS]++;
    }
    const over = sets.reduce((s, k) => s + Math.max(0, k - WAYS), 0);
    const full = sets.filter((k) => k === WAYS).length;
    per.push(over);
    total += over + 0.1 * full;
  });
  return { total, per };
}

// (Laid out as LINKED lays them out, the model must put every block where
// the linker did, if the two lists have the same functions.)
const current = blocks.map((_, i) => i).sort((i, j) => blocks[i].start - blocks[j].start);
const pos = place(current);
const misplaced = current.filter((i) => pos.get(i) !== blocks[i].start && !blocks[i].glibc).length;
const pinned = current.filter((i) => blocks[i].glibc);
let x = current.filter((i) => !blocks[i].glibc);
const before = cost(current);

// Simulated annealing over the order, with a fixed seed (mulberry32).
let seed = 0x5eed;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
// (An order in which every hot line has its place already, with room to
// spare in every set, is kept: the list a build was made with comes back
// unchanged. A full set still loses its lines to the code a turn runs now
// and then.)
const fits = before.total === 0;
let xc = cost([...x, ...pinned]).total;
let best = [...x];
let bestCost = xc;
let temperature = 2;
for (let it = 0; it < 30000 && bestCost > 0 && !fits; it++) {
  const i = Math.floor(random() * x.length);
  const j = Math.floor(random() * x.length);
  if (i === j) continue;
  const y = [...x];
  if (random() < 0.5) [y[i], y[j]] = [y[j], y[i]];
  else y.splice(j, 0, ...y.splice(i, 1));
  const yc = cost([...y, ...pinned]).total;
  if (yc <= xc || random() < Math.exp((xc - yc) / temperature)) {
    x = y;
    xc = yc;
    if (xc < bestCost) {
      best = [...x];
      bestCost = xc;
    }
  }
  temperature = Math.max(0.05, temperature * 0.9998);
}
const order = fits ? current : [...best, ...pinned];
const after = cost(order);
console.log(order.flatMap((i) => blocks[i].names).join('\n'));
const names = workloads.map((w) => w.name);
const show = (c) => names.map((n, i) => `${n} ${c.per[i]}`).join(', ');
const full = (c) => Math.round((c.total - c.per.reduce((s, n) => s + n, 0)) * 10);
console.error(
  `hot lines above the cache's ${WAYS} ways: ${show(before)} -> ${show(after)}; full sets ${full(before)} -> ${full(after)}`,
);
if (misplaced > 0) {
  console.error(
    `note: the model puts ${misplaced} of the list's functions elsewhere than the linker did (the list's members changed): build, and run bench/hot-order again`,
  );
}

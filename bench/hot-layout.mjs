#!/usr/bin/env node
// bench/hot-layout.mjs: orders bench/hot-order's functions so that the code
// each loop-bound workload runs for every operation shares no 8-way set of
// the instruction cache between more than 8 lines (called by bench/hot-order).
//
// The L1 instruction cache of the machines the benchmarks run on (AMD EPYC,
// and most x86-64 parts) is 32 KB, 8-way, 64-byte lines: 64 sets, the set of
// a line being bits 6-11 of its address. A turn that runs nine lines of one
// set evicts one of them every time (LRU), so every pass misses: callgrind's
// simulated cache (--cache-sim=yes) showed 13 misses a message and the run
// 5-7% slower for a list whose order put nine of message_ping's hot lines
// in two sets, against none for another order of the same functions. The
// linker lays the listed functions out in the list's order, each at the
// next 16-byte boundary, and a function's code does not change with its
// place: so from one callgrind profile per workload (--dump-instr=yes, two
// scales) the lines each function runs per operation are known as offsets
// from its start, and the sets they would take for any order can be
// counted without linking. This looks for an order with no set over 8
// lines in any workload (a local search from the given order, seeded: the
// same inputs give the same list), and prints it.
//
// Usage: node bench/hot-layout.mjs BINARY BUILT-LIST CANDIDATES
//          NAME:OPS:SMALL.cg:LARGE.cg ...
//   BINARY      the release jsloop the profiles were taken of
//   BUILT-LIST  the hot-order.txt BINARY was linked with (where the listed
//               functions start: the lowest address among them)
//   CANDIDATES  the functions to order, one mangled name a line
//   then, per workload: its name, the operations LARGE runs more than
//   SMALL, and the two callgrind files (run with --dump-instr=yes)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const [binary, builtList, candidatesFile, ...specs] = process.argv.slice(2);
if (!binary || !builtList || !candidatesFile || specs.length === 0) {
  console.error('usage: node bench/hot-layout.mjs BINARY BUILT-LIST CANDIDATES NAME:OPS:SMALL:LARGE ...');
  process.exit(2);
}
const LINE = 64;
const SETS = 64;
const WAYS = 8;
const ALIGN = 16;

// The binary's functions: name -> { start, size }, and all of them sorted
// by address (to find the function an address is in).
const symbols = new Map();
const byAddress = [];
for (const line of execFileSync('nm', ['-S', '--defined-only', binary], { maxBuffer: 1 << 30 }).toString().split('\n')) {
  const m = /^([0-9a-f]+) ([0-9a-f]+) [tTwW] (\S+)$/.exec(line);
  if (!m) continue;
  const start = parseInt(m[1], 16);
  const size = parseInt(m[2], 16);
  if (size === 0) continue;
  const sym = { name: m[3], start, size };
  if (!symbols.has(sym.name)) symbols.set(sym.name, sym);
  byAddress.push(sym);
}
byAddress.sort((a, b) => a.start - b.start);
function symbolAt(addr) {
  let lo = 0;
  let hi = byAddress.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = byAddress[mid];
    if (addr < s.start) hi = mid - 1;
    else if (addr >= s.start + s.size) lo = mid + 1;
    else return s;
  }
  return null;
}

const names = (file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'));
const built = names(builtList).filter((n) => symbols.has(n));
const candidates = names(candidatesFile).filter((n) => symbols.has(n));
const listed = new Set(candidates);
// Where the linker puts the first listed function, and where the block of
// listed functions ended in BINARY (code after it moves by the difference
// between the old block's length and the new one's).
const base = Math.min(...built.map((n) => symbols.get(n).start));
const oldEnd = Math.max(...built.map((n) => symbols.get(n).start + symbols.get(n).size));

// Instruction addresses and their cost in a callgrind file (--dump-instr=yes:
// positions "instr line"; the cost line after a calls= line is a call's
// inclusive cost, not the instruction's own).
function instructionCosts(file) {
  const cost = new Map();
  let last = 0;
  let afterCalls = false;
  let positions = 1;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('positions:')) {
      positions = line.split(/\s+/).length - 1;
      continue;
    }
    if (line.startsWith('calls=')) {
      afterCalls = true;
      continue;
    }
    const c = line.charCodeAt(0);
    const isPos = (c >= 48 && c <= 57) || line[0] === '+' || line[0] === '-' || line[0] === '*';
    if (!isPos) continue;
    const parts = line.split(' ');
    const p = parts[0];
    let addr;
    if (p.startsWith('0x')) addr = parseInt(p, 16);
    else if (p[0] === '+') addr = last + parseInt(p.slice(1), p[1] === '0' && p[2] === 'x' ? 16 : 10);
    else if (p[0] === '-') addr = last - parseInt(p.slice(1), 10);
    else if (p === '*') addr = last;
    else addr = parseInt(p, 10);
    last = addr;
    if (afterCalls) {
      afterCalls = false;
      continue;
    }
    const ir = Number(parts[positions] ?? 0);
    if (ir) cost.set(addr, (cost.get(addr) ?? 0) + ir);
  }
  return cost;
}

// Per workload: the lines run at least once per two operations (a message
// ping-pong's handlers alternate), as offsets in a listed function or as
// fixed addresses elsewhere.
const workloads = specs.map((spec) => {
  const [name, ops, small, large] = spec.split(':');
  const a = instructionCosts(small);
  const b = instructionCosts(large);
  const inListed = new Map(); // function name -> Set of byte offsets of hot instructions
  const outside = new Set(); // addresses of hot instructions elsewhere
  for (const [addr, n] of b) {
    if (n - (a.get(addr) ?? 0) < Number(ops) / 2) continue;
    const s = symbolAt(addr);
    if (s && listed.has(s.name) && symbols.get(s.name) === s) {
      if (!inListed.has(s.name)) inListed.set(s.name, new Set());
      inListed.get(s.name).add(addr - s.start);
    } else outside.add(addr);
  }
  return { name, inListed, outside: [...outside] };
});

// The sets' overflow for an order: per workload, the lines each set holds
// beyond its ways; also the fullest set.
function layout(order) {
  const at = new Map();
  let addr = base;
  for (const n of order) {
    addr = Math.ceil(addr / ALIGN) * ALIGN;
    at.set(n, addr);
    addr += symbols.get(n).size;
  }
  const shift = addr - oldEnd;
  let over = 0;
  let fullest = 0;
  const perWorkload = [];
  for (const w of workloads) {
    const lines = new Set();
    for (const [n, offsets] of w.inListed) for (const o of offsets) lines.add(Math.floor((at.get(n) + o) / LINE));
    for (const a of w.outside) lines.add(Math.floor((a >= oldEnd && a < oldEnd + (1 << 30) && symbolAt(a) ? a + shift : a) / LINE));
    const sets = new Array(SETS).fill(0);
    for (const l of lines) sets[l % SETS]++;
    const o = sets.reduce((s, c) => s + Math.max(0, c - WAYS), 0);
    const f = Math.max(...sets);
    over += o;
    fullest = Math.max(fullest, f);
    perWorkload.push(`${w.name} ${lines.size} lines, fullest set ${f}${o ? `, ${o} over` : ''}`);
  }
  return { over, fullest, perWorkload };
}

// A seeded local search: swap two functions, keep the swap unless it makes
// the overflow (then the fullest set) worse.
let seed = 0x2545f491;
const random = (n) => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % n;
};
let order = candidates.slice();
let best = layout(order);
const first = best;
for (let i = 0; i < 4000 && (best.over > 0 || best.fullest > WAYS - 1); i++) {
  const x = random(order.length);
  const y = random(order.length);
  if (x === y) continue;
  [order[x], order[y]] = [order[y], order[x]];
  const l = layout(order);
  if (l.over < best.over || (l.over === best.over && l.fullest <= best.fullest)) best = l;
  else [order[x], order[y]] = [order[y], order[x]];
}
console.error(`hot-layout: given order: ${first.perWorkload.join('; ')}`);
console.error(`hot-layout: chosen order: ${best.perWorkload.join('; ')}`);
console.log(order.join('\n'));

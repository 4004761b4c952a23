#!/usr/bin/env node
// Differential fuzzer for the browser host: random programs of nested
// scheduling calls (timers, MessageChannel messages, promise reactions,
// queueMicrotask, async functions, scheduler.postTask at each priority,
// scheduler.yield, MutationObserver callbacks, window.postMessage,
// unhandledrejection events), run in real headless Chromium (tools/record's
// playwright-core and /usr/bin/chromium) and under
// `jsloop run --host browser --clock virtual`; any difference in the lines
// printed is reported and the program saved to conformance/fuzz-failures/.
//
// Usage: node conformance/fuzz-browser.mjs [--seed N] [--count N]
//                                          [--jsloop PATH] [--print]
//   --seed N     first seed (default: from the clock; printed)
//   --count N    programs to try (default 50); program i uses seed N+i
//   --jsloop P   the jsloop binary (default target/release/jsloop)
//   --print      print the program for --seed N and exit
//
// The grammar keeps to what Chromium orders the same way every time:
// timers of a nonzero delay have deadlines at least GAP ms from every other
// (counted from the time of the callback that set them, the script at 0)
// and at least MIN_DELAY ms after it; no animation frames or idle
// callbacks (their timing is the frame clock's). A program whose Chromium
// outputs differ between two runs is counted as nondeterministic, not as a
// mismatch.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAILURES, parseArgs as parseFuzzArgs, ROOT } from './fuzz-args.mjs';
import { rng } from './rng.mjs';

const MIN_DELAY = 30;
const GAP = 25;
const DONE = '__done__';
const PAGE = '<!DOCTYPE html><html><head></head><body><script src="/case.js"></script></body></html>';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

function usage(msg) {
  if (msg) process.stderr.write(`fuzz-browser: ${msg}\n`);
  process.stderr.write('usage: node conformance/fuzz-browser.mjs [--seed N] [--count N] [--jsloop PATH] [--print]\n');
  process.exit(64);
}

function parseArgs(argv) {
  const o = { seed: Date.now() % 1_000_000, count: 50, jsloop: path.join(ROOT, 'target/release/jsloop'), print: false };
  return parseFuzzArgs(argv, o, usage);
}


// ---------------------------------------------------------------- generator

export function generate(seed) {
  const r = rng(seed);
  let label = 0;
  let nodes = 0;
  const MAX_NODES = r.int(6, 24);
  const deadlines = [0];
  let clampedChain = false;
  const indent = (code, n) => code.split('\n').map((l) => (l ? ' '.repeat(n) + l : l)).join('\n');

  // The timer nesting level of the code a body runs as (HTML, timer
  // initialization steps, steps 3-5), as the spec counts it and as Chromium
  // does: `spec` and `chrome` are the levels of the timer task the body runs
  // in or after (0 for any other task), `micro` that it runs in a microtask
  // after that task. The spec starts a timer set from a microtask at level 0;
  // Chromium keeps the task's level (docs/deviations.md, "A timer set from a
  // microtask inherits the task's nesting level in Chromium"). A zero timeout
  // the two would clamp differently would make the program differ by that
  // known deviation, so the generator never writes one.
  const TASK = { spec: 0, chrome: 0, micro: false };
  const inMicrotask = (nest) => ({ ...nest, micro: true });
  const setLevels = (nest) => ({ spec: nest.micro ? 0 : nest.spec, chrome: nest.chrome });
  const inTimer = (nest) => {
    const at = setLevels(nest);
    return { spec: at.spec + 1, chrome: at.chrome + 1, micro: false };
  };
  // How many of `n` chained zero timeouts, the first set at `level`, are
  // clamped to 4 ms ("nesting level is greater than 5").
  const clamped = (level, n) => Math.max(0, level + n - 1 - 5) - Math.max(0, level - 1 - 5);
  const sameClamps = (nest, n) => {
    const at = setLevels(nest);
    return clamped(at.spec, n) === clamped(at.chrome, n);
  };

  // A callback body run at (about) `time`, as a task or microtask whose
  // timer nesting is `nest`: logs its label, then statements.
  function body(time, depth, name, nest) {
    const L = `${name}${++label}`;
    const lines = [`log('${L}');`];
    const n = depth > 3 || nodes >= MAX_NODES ? 0 : r.int(0, depth === 0 ? 5 : 3);
    for (let i = 0; i < n; i++) lines.push(statement(time, depth + 1, nest));
    return lines.join('\n');
  }
  function delayFrom(time) {
    for (let tries = 0; tries < 30; tries++) {
      const delay = MIN_DELAY + GAP * r.int(0, 8) + r.int(0, 5);
      if (deadlines.every((d) => Math.abs(d - (time + delay)) >= GAP)) return delay;
    }
    return null;
  }
  function statement(time, depth, nest) {
    nodes++;
    const k = r.pick(['log', 'then', 'qm', 'async', 'timeout0', 'timeout0', 'timeout', 'timeout', 'message', 'message', 'postTask', 'postTask', 'yield', 'chain', 'mutation', 'windowMessage', 'reject', 'interval', 'cleared', 'abortTimeout', 'click', 'zeroChain', 'portMessage', 'portMessage']);
    switch (k) {
      case 'log': return `log('sync${++label}');`;
      case 'then': return `Promise.resolve().then(() => {\n${indent(body(time, depth, 'then', inMicrotask(nest)), 2)}\n});`;
      case 'qm': return `queueMicrotask(() => {\n${indent(body(time, depth, 'qm', inMicrotask(nest)), 2)}\n});`;
      case 'chain': {
        const n = ++label;
        return `Promise.resolve().then(() => log('chain${n}a')).then(() => log('chain${n}b')).then(() => {\n${indent(body(time, depth, 'chainEnd', inMicrotask(nest)), 2)}\n});`;
      }
      case 'async': {
        const n = ++label;
        const awaited = r.pick(['undefined', 'Promise.resolve()', 'null']);
        return `(async () => {\n  log('async${n} start');\n  await ${awaited};\n${indent(body(time, depth, 'afterAwait', inMicrotask(nest)), 2)}\n})();`;
      }
      case 'timeout0':
        if (!sameClamps(nest, 1)) return `log('sync${++label}');`;
        return `setTimeout(() => {\n${indent(body(time, depth, 'timeout0_', inTimer(nest)), 2)}\n}, 0);`;
      case 'timeout': {
        const delay = delayFrom(time);
        if (delay === null) return `log('sync${++label}');`;
        deadlines.push(time + delay);
        return `setTimeout(() => {\n${indent(body(time + delay, depth, `timeout${delay}_`, inTimer(nest)), 2)}\n}, ${delay});`;
      }
      case 'message': {
        const n = ++label;
        return `{\n  const ch${n} = new MessageChannel();\n  ch${n}.port1.onmessage = () => {\n${indent(body(time, depth, 'message', TASK), 4)}\n  };\n  ch${n}.port2.postMessage(0);\n}`;
      }
      case 'postTask': {
        const priority = r.pick(['user-blocking', 'user-visible', 'background', null]);
        const opts = priority === null ? '' : `, { priority: '${priority}' }`;
        return `scheduler.postTask(() => {\n${indent(body(time, depth, `${priority || 'default'}_`, TASK), 2)}\n}${opts});`;
      }
      case 'yield': return `scheduler.yield().then(() => {\n${indent(body(time, depth, 'yield', inMicrotask(TASK)), 2)}\n});`;
      case 'interval': {
        // setInterval, cleared by its own callback after 2-3 runs; every
        // run's deadline apart from every other timer's. Its body starts
        // no timers (it runs more than once).
        const delay = MIN_DELAY + GAP * r.int(1, 4) + r.int(0, 5);
        const runs = r.int(2, 3);
        const ats = Array.from({ length: runs }, (_, i) => time + delay * (i + 1));
        if (!ats.every((at) => deadlines.every((d) => Math.abs(d - at) >= GAP))) return `log('sync${++label}');`;
        deadlines.push(...ats);
        const n = ++label;
        return `{\n  let runs${n} = 0;\n  const iv${n} = setInterval(() => {\n    log('interval${n} run ' + (++runs${n}));\n    if (runs${n} === ${runs}) clearInterval(iv${n});\n    Promise.resolve().then(() => log('interval${n} microtask'));\n  }, ${delay});\n}`;
      }
      case 'cleared': {
        // A timer cleared before it fires: at once, from a microtask, or
        // from a zero timeout; it never runs.
        const n = ++label;
        const how = r.pick(['sync', 'microtask', 'timeout0']);
        const clear = `clearTimeout(t${n});`;
        const at = how === 'sync' ? clear : how === 'microtask' ? `queueMicrotask(() => ${clear.slice(0, -1)});` : `setTimeout(() => ${clear.slice(0, -1)}, 0);`;
        return `const t${n} = setTimeout(() => log('never${n}'), ${r.pick([0, 1, 40])});\n${at}\nlog('cleared${n} ${how}');`;
      }
      case 'abortTimeout': {
        // AbortSignal.timeout(d): its abort event, a task on the timer task source.
        const delay = delayFrom(time);
        if (delay === null) return `log('sync${++label}');`;
        deadlines.push(time + delay);
        const n = ++label;
        return `AbortSignal.timeout(${delay}).onabort = (e) => {\n  log('abort${n} ' + e.target.reason.name);\n${indent(body(time + delay, depth, 'afterAbort', TASK), 2)}\n};`;
      }
      case 'click': {
        // el.click(): the listeners run at once, inside the calling code,
        // with no microtask checkpoint between them.
        const n = ++label;
        return `{\n  const b${n} = document.createElement('button');\n  b${n}.addEventListener('click', () => { log('click${n} listener 1'); Promise.resolve().then(() => log('click${n} microtask 1')); });\n  b${n}.addEventListener('click', () => {\n${indent(body(time, depth, 'click', nest), 4)}\n  });\n  b${n}.click();\n  log('click${n} returned');\n}`;
      }
      case 'zeroChain': {
        // Zero timeouts nested 4-7 deep: past the fifth level the timeout is
        // clamped to 4 ms (the timer nesting level). One chain per program
        // goes past it: two clamped chains race each other by microseconds.
        let depthN = clampedChain ? r.int(3, 5) : r.int(4, 7);
        // Set where the spec and Chromium count the nesting level apart: as
        // long as the two would clamp differently, one timeout fewer.
        while (depthN > 1 && !sameClamps(nest, depthN)) depthN--;
        if (!sameClamps(nest, depthN)) return `log('sync${++label}');`;
        if (depthN > 5) clampedChain = true;
        const n = ++label;
        return `{\n  let level${n} = 0;\n  const next${n} = () => {\n    log('zero${n} level ' + (++level${n}));\n    if (level${n} < ${depthN}) setTimeout(next${n}, 0);\n  };\n  setTimeout(next${n}, 0);\n}`;
      }
      case 'portMessage': {
        // A message on the program's one shared channel: its port's
        // messages become tasks one at a time.
        const n = ++label;
        return `onPortMessage[${n}] = () => {\n${indent(body(time, depth, 'portMessage', TASK), 2)}\n};\nshared.port2.postMessage(${n});`;
      }
      case 'mutation': {
        // A MutationObserver's callback: a mutation observer microtask.
        const n = ++label;
        return `{\n  const el${n} = document.createElement('div');\n  new MutationObserver(() => {\n${indent(body(time, depth, 'mutation', inMicrotask(nest)), 4)}\n  }).observe(el${n}, { childList: true });\n  el${n}.appendChild(document.createElement('span'));\n}`;
      }
      case 'windowMessage': {
        // window.postMessage: a task on the posted message task source,
        // found by its tag in the window's one listener.
        const n = ++label;
        return `onWindowMessage[${n}] = () => {\n${indent(body(time, depth, 'windowMessage', TASK), 2)}\n};\npostMessage(${n}, '*');`;
      }
      case 'reject': {
        // An unhandled rejection: the unhandledrejection event, in a task
        // queued when the microtask checkpoint notifies about it.
        const n = ++label;
        return `onRejection['r${n}'] = () => {\n${indent(body(time, depth, 'unhandledrejection', TASK), 2)}\n};\nPromise.reject('r${n}');`;
      }
    }
    return '';
  }
  const main = body(0, 0, 'script', TASK);
  const end = Math.max(...deadlines) + 300;
  const prelude = [
    'const log = (s) => console.log(s);',
    'const onWindowMessage = {};',
    "addEventListener('message', (e) => onWindowMessage[e.data]());",
    'const onRejection = {};',
    'const onPortMessage = {};',
    'const shared = new MessageChannel();',
    'shared.port1.onmessage = (e) => onPortMessage[e.data]();',
    "addEventListener('unhandledrejection', (e) => { e.preventDefault(); onRejection[e.reason](); });",
  ].join('\n');
  return `// fuzz-browser seed ${seed}\n${prelude}\n${main}\nsetTimeout(() => log('${DONE}'), ${end});\n`;
}

// ---------------------------------------------------------------- runners

function jsloopRun(bin, file) {
  const p = spawnSync(bin, ['run', '--host', 'browser', '--clock', 'virtual', file], { encoding: 'utf8', timeout: 30_000 });
  const lines = (p.stdout || '').split('\n');
  const cut = lines.indexOf(DONE);
  return { lines: cut < 0 ? lines.filter((l) => l !== '') : lines.slice(0, cut), status: p.status, stderr: p.stderr || '' };
}

async function startChromium() {
  const require = createRequire(path.join(ROOT, 'tools/record/package.json'));
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  let source = '';
  const server = http.createServer((req, res) => {
    if (req.url === '/case.js') { res.writeHead(200, { 'content-type': 'text/javascript' }); res.end(source); return; }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(PAGE);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return {
    async run(program) {
      source = program;
      const context = await browser.newContext();
      const page = await context.newPage();
      const lines = [];
      let done;
      const finished = new Promise((resolve) => { done = resolve; });
      page.on('console', (m) => { const t = m.text(); if (t === DONE) done(); else lines.push(t); });
      page.on('pageerror', (e) => lines.push('pageerror: ' + e.message));
      await page.goto(url);
      await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      await context.close();
      return lines;
    },
    async close() { server.close(); await browser.close(); },
  };
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  if (o.print) { process.stdout.write(generate(o.seed)); return; }
  if (!fs.existsSync(o.jsloop)) usage(`no jsloop binary at ${o.jsloop} (cargo build --release)`);
  const chrome = await startChromium();
  const tmp = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'jsloop-fuzz-browser-'));
  let agree = 0, mismatch = 0, unstable = 0;
  console.log(`fuzz-browser: seeds ${o.seed}..${o.seed + o.count - 1}`);
  for (let i = 0; i < o.count; i++) {
    const seed = o.seed + i;
    const program = generate(seed);
    const file = path.join(tmp, `seed_${seed}.js`);
    fs.writeFileSync(file, program);
    const mine = jsloopRun(o.jsloop, file);
    const real = await chrome.run(program);
    if (JSON.stringify(mine.lines) === JSON.stringify(real)) { agree++; continue; }
    const again = await chrome.run(program);
    if (JSON.stringify(again) !== JSON.stringify(real)) { unstable++; continue; }
    mismatch++;
    fs.mkdirSync(FAILURES, { recursive: true });
    fs.writeFileSync(path.join(FAILURES, `browser_seed_${seed}.js`), program);
    fs.writeFileSync(path.join(FAILURES, `browser_seed_${seed}.chromium.out`), real.join('\n') + '\n');
    fs.writeFileSync(path.join(FAILURES, `browser_seed_${seed}.jsloop.out`), mine.lines.join('\n') + '\n' + (mine.stderr ? 'stderr: ' + mine.stderr : ''));
    console.log(`MISMATCH seed ${seed}: conformance/fuzz-failures/browser_seed_${seed}.*`);
  }
  await chrome.close();
  fs.rmSync(tmp, { recursive: true, force: true });
  console.log(`fuzz-browser: ${agree} agree, ${mismatch} mismatch, ${unstable} Chromium nondeterministic`);
  process.exitCode = mismatch > 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();

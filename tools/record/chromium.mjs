#!/usr/bin/env node
// Records what real headless Chromium prints for a JavaScript file, so the
// golden tests' expected outputs come from the real browser.
//
// Usage: node tools/record/chromium.mjs [--settle MS] [--runs N] [--timeout MS] [--input FILE.input.json] [--write] FILE.js [FILE.js ...]
//
// Each FILE.js runs as a classic <script src="/case.js"> at the end of the body
// of a blank page served from 127.0.0.1. Console messages (msg.text()) are
// collected in order; uncaught errors become lines "Uncaught <name>: <message>"
// (or "Uncaught (in promise) <name>: <message>") prefixed with ERROR_PREFIX, in order with the console lines. A run ends when
// the console says "__done__" (not printed) or when nothing new arrived for
// --settle ms after the load event. Each case is run --runs times in fresh
// browser contexts; differing outputs are refused (exit 2).
//
// --input FILE.input.json: real user input, in the format `jsloop run --input`
// reads ([{"at": ms, "type": "click", "target": "#sel"}]). After the load
// event, each action is performed at `at` ms after navigation started (at
// once if that has passed) as real input through the browser's input
// pipeline: a click is a primary-button mouse press and release at the
// centre of the first element the selector matches. Only "click" is supported.

import { chromium } from 'playwright-core';
import http from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const ERROR_PREFIX = 'stderr: ';
const DONE = '__done__';
const PAGE = '<!DOCTYPE html><html><head></head><body><script src="/case.js"></script></body></html>';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  // Safety: never reach anything but loopback. Names other than 127.0.0.1 do
  // not resolve, and non-loopback connections go to a dead proxy (loopback
  // bypasses proxies implicitly).
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
  '--proxy-server=http://127.0.0.1:9',
];

function usage(msg) {
  if (msg) process.stderr.write(`chromium.mjs: ${msg}\n`);
  process.stderr.write(
    'usage: node tools/record/chromium.mjs [--settle MS] [--runs N] [--timeout MS] [--input FILE.input.json] [--write] FILE.js [FILE.js ...]\n');
  process.exit(64);
}

function parseArgs(argv) {
  const opts = { settle: 1000, runs: 3, timeout: 30000, write: false, input: null, files: [] };
  const num = (name, v) => {
    const n = Number(v);
    if (v === undefined || !Number.isInteger(n) || n < 0) usage(`${name} needs a non-negative integer`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--settle') opts.settle = num(a, argv[++i]);
    else if (a === '--runs') opts.runs = num(a, argv[++i]);
    else if (a === '--timeout') opts.timeout = num(a, argv[++i]);
    else if (a === '--write') opts.write = true;
    else if (a === '--input') {
      if (argv[i + 1] === undefined) usage('--input needs a FILE.input.json');
      opts.input = argv[++i];
    }
    else if (a === '-h' || a === '--help') usage();
    else if (a.startsWith('-')) usage(`unknown flag ${a}`);
    else opts.files.push(a);
  }
  if (opts.files.length === 0) usage('no FILE given');
  if (opts.runs < 1) usage('--runs must be at least 1');
  return opts;
}

// Reads an --input file: the actions, sorted by time.
async function readInput(file) {
  let list;
  try {
    list = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch (e) {
    usage(`--input ${file}: ${e.message}`);
  }
  if (!Array.isArray(list)) usage(`--input ${file}: expected a JSON list of actions`);
  list.forEach((a, i) => {
    if (!a || typeof a !== 'object' || !(a.at >= 0) || typeof a.target !== 'string') {
      usage(`--input ${file}: entry ${i + 1}: needs "at" (ms >= 0), "type" and "target"`);
    }
    if (a.type !== 'click') usage(`--input ${file}: entry ${i + 1}: type "${a.type}" is not supported (only "click")`);
  });
  return list.slice().sort((a, b) => a.at - b.at);
}

// Performs the --input actions as real input, each at its time after `start`.
async function performInput(page, actions, start) {
  for (const action of actions) {
    const wait = start + action.at - Date.now();
    if (wait > 0) await sleep(wait);
    const box = await page.locator(action.target).first().boundingBox();
    if (!box) throw new Error(`--input: no visible element matches ${JSON.stringify(action.target)}`);
    // A primary-button press and release at the element's centre (CDP
    // Input.dispatchMouseEvent mousePressed then mouseReleased).
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }
}

// A FILE.html is served as the page itself, and files beside it (its
// <script src>) from its directory.
function serve(source, file) {
  const isPage = /\.html?$/i.test(file);
  const dir = path.dirname(path.resolve(file));
  const server = http.createServer(async (req, res) => {
    const headers = { 'Cache-Control': 'no-store' };
    if (req.url === '/') {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' });
      res.end(isPage ? source : PAGE);
    } else if (isPage && /^\/[\w.-]+\.js$/.test(req.url)) {
      try {
        const body = await fs.readFile(path.join(dir, req.url.slice(1)));
        res.writeHead(200, { ...headers, 'Content-Type': 'text/javascript; charset=utf-8' });
        res.end(body);
      } catch (_) {
        res.writeHead(404, headers);
        res.end();
      }
    } else if (req.url === '/case.js') {
      res.writeHead(200, { ...headers, 'Content-Type': 'text/javascript; charset=utf-8' });
      res.end(source);
    } else if (req.url === '/favicon.ico') {
      res.writeHead(204, headers);
      res.end();
    } else {
      res.writeHead(404, headers);
      res.end();
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// One run in a fresh context and page. Returns the list of output lines.
async function runOnce(browser, url, opts) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const lines = [];
    let finished = false;
    let last = Date.now();
    let resolveDone;
    const done = new Promise((r) => { resolveDone = r; });

    page.on('console', (msg) => {
      if (finished) return;
      const text = msg.text();
      if (text === DONE) { finished = true; resolveDone(); return; }
      lines.push(text);
      last = Date.now();
    });
    // Playwright's pageerror loses whether it was "Uncaught" or
    // "Uncaught (in promise)"; a CDP session of our own tells, in the same
    // order, so the k-th pageerror takes the k-th exceptionThrown's text.
    const kinds = [];
    const cdp = await context.newCDPSession(page);
    cdp.on('Runtime.exceptionThrown', (e) => kinds.push(e.exceptionDetails.text || 'Uncaught'));
    await cdp.send('Runtime.enable');
    const errors = [];
    page.on('pageerror', (err) => {
      if (finished) return;
      const name = err && err.name ? `${err.name}: ` : '';
      const message = err && err.message !== undefined ? err.message : String(err);
      errors.push(lines.length);
      lines.push(`${name}${message}`);
      last = Date.now();
    });

    const start = Date.now();
    const loaded = page.goto(url, { waitUntil: 'load', timeout: opts.timeout })
      .then(() => { last = Math.max(last, Date.now()); });
    loaded.catch(() => {});
    await Promise.race([loaded, done]);
    if (opts.actions && !finished) {
      await loaded;
      await performInput(page, opts.actions, start);
      last = Math.max(last, Date.now());
    }

    // Settle: quiet for opts.settle ms after load, unless __done__ came.
    while (!finished) {
      const now = Date.now();
      if (now - start > opts.timeout) {
        throw new Error(`no "${DONE}" and never quiet for ${opts.settle} ms within ${opts.timeout} ms`);
      }
      const wait = last + opts.settle - now;
      if (wait <= 0) break;
      await Promise.race([sleep(Math.min(wait, 50)), done]);
    }
    finished = true;
    for (let k = 0; k < errors.length && kinds.length < errors.length; k++) await sleep(10);
    errors.forEach((at, k) => { lines[at] = `${ERROR_PREFIX}${kinds[k] || 'Uncaught'} ${lines[at]}`; });
    return lines;
  } finally {
    await context.close().catch(() => {});
  }
}

function describeDiff(file, outputs) {
  const out = [`${file}: outputs differ between ${outputs.length} runs (flaky on the real system):`];
  const max = Math.max(...outputs.map((o) => o.length));
  for (let i = 0; i < max; i++) {
    const vals = outputs.map((o) => (i < o.length ? JSON.stringify(o[i]) : '<missing>'));
    if (vals.every((v) => v === vals[0])) continue;
    out.push(`  line ${i + 1}:`);
    vals.forEach((v, r) => out.push(`    run ${r + 1}: ${v}`));
  }
  return out.join('\n') + '\n';
}

function outPath(file) {
  const ext = path.extname(file);
  return (ext ? file.slice(0, -ext.length) : file) + '.chromium.out';
}

async function recordFile(file, opts) {
  const source = await fs.readFile(file);
  const server = await serve(source, file);
  const userDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jsloop-record-'));
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      // Exactly our flags, plus the plumbing Playwright needs.
      ignoreDefaultArgs: true,
      args: [...ARGS, `--user-data-dir=${userDataDir}`, '--remote-debugging-pipe', '--no-startup-window'],
    });
    const url = `http://127.0.0.1:${server.address().port}/`;
    const outputs = [];
    for (let r = 0; r < opts.runs; r++) outputs.push(await runOnce(browser, url, opts));
    const texts = outputs.map((o) => o.map((l) => l + '\n').join(''));
    if (!texts.every((t) => t === texts[0])) return { ok: false, diff: describeDiff(file, outputs) };
    return { ok: true, text: texts[0] };
  } finally {
    if (browser) await browser.close().catch(() => {});
    server.close();
    await fs.rm(userDataDir, { recursive: true, force: true }).catch(() => {});
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.input) opts.actions = await readInput(opts.input);
  let status = 0;
  for (const file of opts.files) {
    let res;
    try {
      res = await recordFile(file, opts);
    } catch (e) {
      process.stderr.write(`${file}: ${e && e.message ? e.message : e}\n`);
      status = Math.max(status, 1);
      continue;
    }
    if (!res.ok) {
      process.stderr.write(res.diff);
      status = 2;
      continue;
    }
    if (opts.write) {
      const dest = outPath(file);
      await fs.writeFile(dest, res.text);
      process.stderr.write(`wrote ${dest}\n`);
    } else {
      if (opts.files.length > 1) process.stdout.write(`==> ${file} <==\n`);
      process.stdout.write(res.text);
    }
  }
  process.exitCode = status;
}

main().catch((e) => {
  process.stderr.write(`chromium.mjs: ${e && e.stack ? e.stack : e}\n`);
  process.exit(1);
});

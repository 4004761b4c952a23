#!/usr/bin/env node
// Opens the pages `jsloop run FILE --trace=html` writes in real headless
// Chromium, steps through them with the keyboard, and checks what a person
// sees: the number of steps, the queues at chosen steps, the running
// callback and its source line, the console output; and that a run of
// 100,000 tasks becomes interactive within a few seconds. It also saves
// screenshots: in a fresh temporary directory (printed), or in docs/images/
// with `--update-images` (the docs' pictures; a test run leaves the tree as
// it was).
//
// Usage (from the repo root, after `cargo build --release`):
//   npm ci --prefix tools/viewer-test && node tools/viewer-test/test.mjs
// Builds nothing: it runs ./target/release/jsloop. Exit status 1 if a check fails.

import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// JSLOOP=target/debug/jsloop tests a debug build.
const JSLOOP = path.resolve(ROOT, process.env.JSLOOP || 'target/release/jsloop');
const TEMPLATE = path.join(ROOT, 'crates/jsloop/src/viewer.html');
const IMAGES = process.argv.includes('--update-images')
  ? path.join(ROOT, 'docs/images')
  : fs.mkdtempSync(path.join(os.tmpdir(), 'jsloop-viewer-images-'));
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--no-first-run',
  // the pages are file:// URLs and need nothing else; keep Chromium off the network
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1', '--proxy-server=http://127.0.0.1:9',
];

let passed = 0, failed = 0;
function check(name, ok, detail) {
  if (ok) { passed++; console.log(`ok - ${name}`); }
  else { failed++; console.log(`FAIL - ${name}${detail !== undefined ? `\n    ${typeof detail === 'string' ? detail : JSON.stringify(detail)}` : ''}`); }
}
const eq = (name, got, want) => check(name, JSON.stringify(got) === JSON.stringify(want), `got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
// A measured figure, printed but never asserted: wall time depends on the
// machine and its load, so what stays fast is checked by its cause (how much
// the page puts in the document), not by the clock.
const measured = (text) => console.log(`# ${text}`);
const has = (name, text, part) => check(name, typeof text === 'string' && text.includes(part), `${JSON.stringify(part)} not in ${JSON.stringify(text)}`);

function die(msg) { console.error(`viewer-test: ${msg}`); process.exit(1); }
if (!fs.existsSync(JSLOOP)) die(`${JSLOOP} is missing: run cargo build --release first`);
if (!fs.existsSync(CHROMIUM)) die(`${CHROMIUM} is missing: apt-get install -y chromium`);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jsloop-viewer-'));
// The template up to the trace data: a page made by a jsloop built from an
// older viewer.html would test the old viewer.
const templateHead = fs.readFileSync(TEMPLATE, 'utf8').split('/*JSLOOP_TRACE_DATA*/null')[0];

function makePage(name, file, extra = []) {
  const out = path.join(tmp, name + '.html');
  execFileSync(JSLOOP, ['run', file, '--clock', 'virtual', ...extra, '--trace=html', '--trace-file', out],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  const html = fs.readFileSync(out, 'utf8');
  if (!html.startsWith(templateHead)) die(`${JSLOOP} embeds an older crates/jsloop/src/viewer.html: run cargo build --release`);
  return pathToFileURL(out).href;
}

// What the page shows, read from the document as a person would read it.
const state = (page) => page.evaluate(() => {
  const texts = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent.trim());
  const tasks = {};
  for (const d of document.querySelectorAll('[data-queue="tasks"] [data-source]')) tasks[d.dataset.source] = [...d.querySelectorAll('li')].map((l) => l.textContent.trim());
  const sec = (q) => { const e = document.querySelector(`[data-queue="${q}"]`); return e ? e.textContent.replace(/\s+/g, ' ').trim() : null; };
  return {
    pos: document.getElementById('pos').textContent,
    running: (document.getElementById('running-now') || {}).textContent,
    records: document.getElementById('step-records').textContent,
    console: texts('#console .line'),
    newConsole: texts('#console .line.new'),
    tasks,
    timers: texts('[data-queue="timers"] li'),
    microtasks: texts('[data-queue="microtasks"] li'),
    microtaskSection: sec('microtasks'),
    frames: sec('animation-frames'),
    idle: sec('idle'),
    highlighted: [...document.querySelectorAll('#source .sl.hl')].map((e) => +e.dataset.line),
    lanes: texts('.lane .lane-label'),
    stack: texts('#callstack li.frame .fn'),
    stackCaller: (document.querySelector('#callstack li.loop') || {}).textContent,
    stackWhen: (document.getElementById('callstack-when') || {}).textContent,
    stackEmpty: (document.getElementById('callstack-empty') || {}).textContent,
    blocks: document.querySelectorAll('.blk').length,
  };
});
async function press(page, key, times = 1) { for (let i = 0; i < times; i++) await page.keyboard.press(key); }
async function goTo(page, k) { await press(page, 'Home'); await press(page, 'ArrowRight', k); }

const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jsloop-viewer-profile-'));
const browser = await chromium.launch({
  executablePath: CHROMIUM, headless: true, ignoreDefaultArgs: true,
  args: [...ARGS, `--user-data-dir=${userDataDir}`, '--remote-debugging-pipe', '--no-startup-window'],
});
const errors = [];
async function open(url, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`${url}: ${e}`));
  page.on('request', (r) => { if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) errors.push(`${url}: requested ${r.url()}`); });
  const t = Date.now();
  await page.goto(url);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 60000 });
  return { page, context, ms: Date.now() - t };
}

try {
  fs.mkdirSync(IMAGES, { recursive: true });
  measured(`screenshots in ${path.relative(ROOT, IMAGES) || '.'}`);

  // ------------------------------------------------------------------
  // A real click: the checkpoint runs between the two listeners.
  {
    const url = makePage('click', 'tests/pages/seed_000_real_click_runs_microtasks_between_listeners.html',
      ['--input', 'tests/pages/seed_000_real_click_runs_microtasks_between_listeners.input.json']);
    const { page, context } = await open(url);
    let s = await state(page);
    eq('click: 13 steps, the first selected', s.pos, 'step 0 / 12');
    eq('click: one lane per task source used, then microtasks, paint, clock, console', s.lanes,
      ['networking', 'dom-manipulation', 'user-interaction', 'rendering', 'microtasks', 'paint', 'clock', 'console']);
    has('click: step 0 shows the parser task queued', s.records, 'queued task #1 on networking');
    eq('click: step 0 networking queue', s.tasks.networking && s.tasks.networking.length, 1);

    await press(page, 'ArrowRight');
    s = await state(page);
    eq('click: → goes to step 1', s.pos, 'step 1 / 12');
    has('click: step 1 runs the parser task (the script)', s.running, 'task #1 (networking): parse the page');
    eq('click: after the script, DOMContentLoaded and load are queued', s.tasks,
      { 'dom-manipulation': ['#3 fire DOMContentLoaded', '#4 fire load'] });
    eq('click: after the script, no timer', s.timers, []);
    eq('click: after the script, no microtask', s.microtasks, []);
    eq('click: after the script, the console says script', s.console, ['script']);

    await press(page, 'ArrowRight', 7);
    s = await state(page);
    eq('click: step 8', s.pos, 'step 8 / 12');
    has('click: step 8 runs the real click', s.running, 'task #6 (user-interaction): user click on #inner');
    eq('click: the first listener printed', s.newConsole, ['click event inner']);
    eq('click: its reaction waits in the microtask queue', s.microtasks.length, 1);
    has('click: the reaction was registered at line 17', s.microtasks[0] || '', 'promise reaction');
    has('click: … with its origin', s.microtasks[0] || '', '.html:17:21');

    await press(page, 'ArrowRight');
    s = await state(page);
    has('click: step 9 is the microtask, inside the click task', s.running, 'microtask: promise reaction');
    eq('click: the running line is highlighted in the source', s.highlighted, [17]);
    eq('click: the microtask printed', s.newConsole, ['resolved inner']);
    await page.screenshot({ path: path.join(IMAGES, 'viewer-click.png') });

    await press(page, 'ArrowRight');
    s = await state(page);
    has('click: step 10 is the second listener, after the checkpoint', s.running, 'task #6');
    eq('click: the second listener printed', s.newConsole, ['click event outer']);

    await press(page, 'End');
    s = await state(page);
    eq('click: End goes to the last step', s.pos, 'step 12 / 12');
    has('click: the last step is the end of the loop', s.running, 'the loop has ended');
    eq('click: the console at the end', s.console, ['script', 'click event inner', 'resolved inner', 'click event outer', 'resolved outer']);

    await press(page, 'Home');
    eq('click: Home goes back to step 0', (await state(page)).pos, 'step 0 / 12');

    // the mouse: a block in the lanes selects its step; the controls take the keyboard
    await page.click('.lane[data-lane="paint"] .blk');
    eq('click: clicking the paint block selects step 6', (await state(page)).pos, 'step 6 / 12');
    await page.click('.lane[data-lane="src:user-interaction"] .blk');
    eq('click: clicking the click task selects step 8', (await state(page)).pos, 'step 8 / 12');
    await page.focus('#next');
    await press(page, 'Enter');
    eq('click: the focused Next button takes Enter', (await state(page)).pos, 'step 9 / 12');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    check('click: the focused control shows a focus ring', outline !== 'none', outline);
    await page.fill('#goto', '4');
    await page.press('#goto', 'Enter');
    eq('click: typing a step number goes there', (await state(page)).pos, 'step 4 / 12');
    await page.click('.srow[data-s="11"]');
    eq('click: clicking a row of the step list selects it', (await state(page)).pos, 'step 11 / 12');
    await context.close();

    // a phone
    const phone = await open(url, { width: 390, height: 844 });
    await goTo(phone.page, 9);
    s = await state(phone.page);
    eq('phone: step 9', s.pos, 'step 9 / 12');
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    check('phone: nothing is wider than the screen', width <= 390, `scrollWidth ${width}`);
    const visible = await phone.page.evaluate(() => ['#prev', '#next', '#lanes', '#now'].every((q) => {
      const r = document.querySelector(q).getBoundingClientRect(); return r.width > 0 && r.height > 0 && r.right <= 391;
    }));
    check('phone: the stepper, the lanes and the step are on screen', visible);
    await phone.page.screenshot({ path: path.join(IMAGES, 'viewer-phone.png') });
    await phone.context.close();
  }

  // ------------------------------------------------------------------
  // The call stack panel: el.click() runs the listeners inside the script
  // (seed 000): the listener's frame sits on the script's.
  {
    const url = makePage('elclick', 'tests/pages/seed_000_el_click_runs_listeners_inside_the_script.html');
    const { page, context } = await open(url, { width: 1280, height: 720 });
    await goTo(page, 1);
    let s = await state(page);
    has('call stack: step 1 is the page\'s script', s.running, 'parse the page');
    // the step's last host call is the second listener's log, inside el.click()
    eq('call stack: the listener on top of the script that called el.click()', s.stack, ['HTMLDivElement.onClick', 'the script (top level)']);
    has('call stack: … captured when it logged', s.stackWhen, 'stdout: click event outer');
    has('call stack: … and the loop called the script\'s task', s.stackCaller, 'called by the event loop: task #1 (networking): parse the page');
    await page.screenshot({ path: path.join(IMAGES, 'guide-el-click.png') }); // docs/why-this-order.md
    await press(page, 'ArrowRight');
    s = await state(page);
    has('call stack: step 2 is the checkpoint after the script', s.running, 'microtask: promise reaction');
    // (an anonymous function: V8 prints only its location)
    eq('call stack: the reaction alone on the stack', s.stack, ['']);
    has('call stack: … called by the loop\'s checkpoint', s.stackCaller, 'called by the event loop: a microtask: promise reaction');
    await press(page, 'End');
    s = await state(page);
    has('call stack: the end of the loop has an empty stack', s.stackEmpty, 'empty: no script is running');
    await context.close();
  }
  {
    const url = makePage('stacknode', 'examples/node_phases.js');
    const { page, context } = await open(url, { width: 1280, height: 720 });
    await goTo(page, 0);
    let s = await state(page);
    // (V8's name for a CommonJS module's body: a function without a name called on module.exports)
    eq('call stack (node): the main module logs from its top level', s.stack, ['Object.<anonymous>']);
    has('call stack (node): … which the loop did not call', s.stackCaller, 'called by the event loop: the main module (node_phases.js)');
    // what the main module scheduled, each with where it was called from
    const by = await page.evaluate(() => [...document.querySelectorAll('#step-records li')].filter((l) => l.querySelector('.by')).map((l) => l.textContent.replace(/\s+/g, ' ').trim()));
    eq('call stack (node): the step lists what the main module scheduled and from where', by.filter((t) => !/^output/.test(t)), [
      'notetimer #1 setTimeout(1ms) due at 1ms from Object.<anonymous> node_phases.js:8:1',
      'noteimmediate #1 queued for the check phase from Object.<anonymous> node_phases.js:9:1',
      'notenextTick callback queued (1 waiting) from Object.<anonymous> node_phases.js:10:9',
      'notepromise.then(): the promise is settled; its reaction job is queued now from Object.<anonymous> node_phases.js:11:19',
    ]);
    // the readFile callback (poll phase) starts a timer and an immediate
    let pollStep = -1;
    for (let k = 1; k < 30 && pollStep < 0; k++) {
      await press(page, 'ArrowRight');
      s = await state(page);
      if (s.records.includes('stdout: readFile callback')) pollStep = k;
    }
    check('call stack (node): a step shows the readFile callback', pollStep > 0, pollStep);
    has('call stack (node): the readFile callback runs in the poll phase', s.running, 'poll phase');
    has('call stack (node): … and queues an immediate', s.records, 'immediate #2 queued for the check phase');
    eq('call stack (node): … from its own frame, an anonymous function (V8 prints its location only)', s.stack, ['']);
    has('call stack (node): … which the loop called in the poll phase', s.stackCaller, 'called by the event loop: a poll phase callback');
    // (before this panel named the node host's frames and showed what they scheduled: viewer-node-1280x720-before.png)
    await page.screenshot({ path: path.join(IMAGES, 'viewer-node-1280x720.png') });
    await context.close();
  }

  // ------------------------------------------------------------------
  // A projector: 1280×720, the text made larger with ] and A+.
  {
    const url = makePage('projector', 'tests/pages/seed_000_real_click_runs_microtasks_between_listeners.html',
      ['--input', 'tests/pages/seed_000_real_click_runs_microtasks_between_listeners.input.json']);
    const { page, context } = await open(url, { width: 1280, height: 720 });
    const layout = () => page.evaluate(() => {
      const cut = (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      const box = document.getElementById('source').getBoundingClientRect();
      const shown = [...document.querySelectorAll('#source .sl')].filter((l) => { const r = l.getBoundingClientRect(); return r.top >= box.top - 1 && r.bottom <= box.bottom + 1; }).length;
      const labels = [...document.querySelectorAll('.lane-label, header h1, #source-panel h2, #callstack li, #running .item, .srow .l')];
      return {
        width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight,
        sourceLines: shown,
        cut: labels.filter(cut).map((e) => e.textContent.trim()),
        font: parseFloat(getComputedStyle(document.getElementById('now')).fontSize),
        row: document.querySelector('.srow').getBoundingClientRect().height,
        // lane block labels shown whole (in the block, or running on after it)
        blockLabels: [...document.querySelectorAll('.blk, .blk-over')].filter((e) => e.textContent && e.scrollWidth <= e.clientWidth + 1).map((e) => e.textContent),
        stackOnScreen: (() => { const r = document.getElementById('callstack').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })(),
      };
    });
    await goTo(page, 8);
    let l = await layout();
    eq('1280×720: the page fits the screen (no scrolling)', [l.width, l.height], [1280, 720]);
    check(`1280×720: the source shows ${l.sourceLines} lines (at least 20)`, l.sourceLines >= 20, l);
    eq('1280×720: no label, heading or step row is cut', l.cut, []);
    check('1280×720: the call stack is on screen', l.stackOnScreen, l);
    for (const label of ['#1 parse the page', '#5 update the rendering (frame 1)', 'paint 1: first paint of the parsed page', '#6 user click on #inner']) {
      check(`1280×720: the lane block "${label}" shows its whole label`, l.blockLabels.includes(label), l.blockLabels);
    }
    eq('1280×720: the call stack at the click', (await state(page)).stack, ['HTMLDivElement.onClick']);
    await page.screenshot({ path: path.join(IMAGES, 'viewer-1280x720.png') });
    const before = l;
    await press(page, ']', 2);
    l = await layout();
    check(`1280×720: ] ] makes the text larger (${before.font} → ${l.font} px)`, l.font >= before.font * 1.25, l);
    check(`1280×720: … and the step rows taller (${before.row} → ${l.row} px)`, l.row > before.row, l);
    eq('1280×720: … still without cut labels', l.cut, []);
    eq('1280×720: … still one screen wide', l.width, 1280);
    await page.click('#textsmaller');
    await page.click('#textsmaller');
    l = await layout();
    eq('1280×720: A− A− brings the text back', l.font, before.font);
    await context.close();
  }

  // ------------------------------------------------------------------
  // Two nested requestAnimationFrame calls: red in one frame, blue in the next.
  {
    const url = makePage('raf', 'tests/pages/seed_000_double_raf_paints_red_then_blue.html',
      ['--input', 'tests/pages/seed_000_double_raf_paints_red_then_blue.input.json']);
    const { page, context } = await open(url);
    let s = await state(page);
    eq('rAF: 17 steps', s.pos, 'step 0 / 16');
    await goTo(page, 8);
    s = await state(page);
    has('rAF: step 8 is the click', s.running, 'user click on #button');
    has('rAF: after the click, the next frame runs one callback', s.frames, 'the next frame (2, at 100 ms) runs 1');
    await press(page, 'ArrowRight');
    s = await state(page);
    has('rAF: step 9 is frame 2 (update the rendering)', s.running, 'update the rendering (frame 2)');
    has('rAF: frame 2 began with one callback in the map', s.frames, 'frame 2 (timestamp 100 ms): 1 in the map when it began');
    has('rAF: … still waiting', s.frames, 'waiting');
    await press(page, 'ArrowRight');
    s = await state(page);
    has('rAF: step 10 runs callback #1', s.running, 'animation frame callback #1');
    has('rAF: … marked running in the frame', s.frames, '▶ callback #1');
    eq('rAF: it printed', s.newConsole, ['first frame']);
    await press(page, 'ArrowRight');
    s = await state(page);
    has('rAF: step 11 paints red', s.records, 'body.style.backgroundColor: "" → "red"');
    await page.screenshot({ path: path.join(IMAGES, 'viewer-raf.png') });
    await press(page, 'ArrowRight', 4);
    s = await state(page);
    has('rAF: step 15 paints blue', s.records, 'body.style.backgroundColor: "red" → "blue"');
    await press(page, 'End');
    s = await state(page);
    eq('rAF: the console at the end', s.console, ['first frame', 'second frame']);
    eq('rAF: three paints in the paint lane', await page.locator('.lane[data-lane="paint"] .blk').count(), 3);
    eq('rAF: two rAF callbacks in their lane', await page.locator('.lane[data-lane="afc"] .blk').count(), 2);
    await context.close();
  }

  // ------------------------------------------------------------------
  // A timer and a promise: the queues after the script task.
  {
    const url = makePage('timeout', 'tests/ordering/timeout_after_promise.js', ['--host', 'browser']);
    const { page, context } = await open(url, { width: 1280, height: 720 });
    await goTo(page, 1);
    const s = await state(page);
    await page.screenshot({ path: path.join(IMAGES, 'guide-timeout-after-promise.png') }); // docs/why-this-order.md
    has('timeout: step 1 is the script', s.running, 'run a classic script');
    eq('timeout: after the script, the timer is due and its task queued', s.tasks.timer, ['#2 timer #1 setTimeout(0ms, nesting 1) tests/ordering/timeout_after_promise.js:3:1']);
    eq('timeout: the active timer', s.timers, ['#1 setTimeout(0 ms), nesting 1 — due: its task #2 is queued tests/ordering/timeout_after_promise.js:3:1']);
    eq('timeout: the promise reaction waits for the checkpoint', s.microtasks, ['promise reaction tests/ordering/timeout_after_promise.js:7:19']);
    await context.close();
  }

  // ------------------------------------------------------------------
  // The node host: libuv's phases as lanes.
  {
    const url = makePage('node', 'examples/node_phases.js');
    const { page, context } = await open(url);
    let s = await state(page);
    eq('node: lanes', s.lanes, ['main module', 'timers phase', 'poll phase', 'check phase', 'nextTick queue', 'microtasks', 'process events', 'clock', 'console']);
    await press(page, 'ArrowRight');
    s = await state(page);
    has('node: step 1 is the nextTick drain after the main module', s.running, 'nextTick callback');
    await press(page, 'End');
    s = await state(page);
    eq('node: the console at the end', s.console.length, 9);
    eq('node: the last line', s.console[8], 'beforeExit: the loop has nothing left');
    await press(page, 'ArrowLeft');
    s = await state(page);
    has('node: the step before the end emits beforeExit', s.running, 'emit beforeExit');
    eq('node: … and its listener printed', s.newConsole, ['beforeExit: the loop has nothing left']);
    await page.screenshot({ path: path.join(IMAGES, 'viewer-node.png') });
    await context.close();
  }

  // ------------------------------------------------------------------
  // The node host's I/O (docs/trace.md, "I/O"): thread-pool requests,
  // sockets and HTTP messages, in the steps whose callbacks they belong to.
  {
    const url = makePage('io', 'tests/trace/io_pool_sockets_http.js');
    const { page, context } = await open(url);
    let s = await state(page);
    has('io: the main module queues fs.readFile\'s open on the thread pool', s.records, 'thread-pool request #1 queued: fs.open');
    const stepWith = async (text) => {
      await press(page, 'Home');
      for (let k = 0; k < 200; k++) {
        s = await state(page);
        if (s.records.includes(text)) return k;
        await press(page, 'ArrowRight');
      }
      return -1;
    };
    check('io: a step logs the failed stat', (await stepWith('stdout: stat ENOENT')) >= 0, s.records);
    has('io: … in the callback of the pool request that failed', s.records, 'thread-pool request #7 (fs.stat) failed: ENOENT: its callback runs in the poll phase of turn 7');
    check('io: a step opens the TCP server', (await stepWith('handle #1 opened: tcp server, local 127.0.0.1:')) >= 0, s.records);
    check('io: a step shows the server accepting the client', (await stepWith('handle #1: accept (connection #3), poll phase of turn 8')) >= 0, s.records);
    check('io: a step logs the HTTP request', (await stepWith('stdout: http server GET /hi')) >= 0, s.records);
    has('io: … after its socket read the request', s.records, 'handle #6: read 62 bytes, poll phase of turn 14');
    has('io: … and parsed it', s.records, 'HTTP on #6: request parsed GET /hi');
    check('io: a step shows the response finished', (await stepWith('HTTP on #6: response finished GET /hi 200')) >= 0, s.records);
    check('io: a step shows the client receiving it', (await stepWith('HTTP on #5: response received GET /hi 200')) >= 0, s.records);
    await context.close();
  }

  // ------------------------------------------------------------------
  // 100,000 tasks: a MessageChannel ping-pong.
  {
    const js = path.join(tmp, 'ping_pong_100000.js');
    fs.writeFileSync(js, [
      'const { port1, port2 } = new MessageChannel();',
      'port2.onmessage = (e) => {',
      '  if (e.data < 100000) port1.postMessage(e.data + 1);',
      "  else console.log('done', e.data);",
      '};',
      'port1.postMessage(1);',
      "console.log('start');", ''].join('\n'));
    const url = makePage('big', js, ['--host', 'browser']);
    const { page, context, ms } = await open(url);
    measured(`100,000 tasks: ready in ${ms} ms`);
    let s = await state(page);
    eq('100,000 tasks: steps', s.pos, 'step 0 / 100004');
    check(`100,000 tasks: only the visible blocks are in the document (${s.blocks})`, s.blocks < 2000);
    let t = Date.now();
    await press(page, 'End');
    await page.waitForFunction(() => document.getElementById('pos').textContent === 'step 100004 / 100004', null, { timeout: 10000 });
    measured(`100,000 tasks: End answered in ${Date.now() - t} ms`);
    s = await state(page);
    check(`100,000 tasks: at the end, still only the visible blocks (${s.blocks})`, s.blocks < 2000);
    eq('100,000 tasks: the console at the end', s.console, ['start', 'done 100000']);
    await page.fill('#goto', '50000');
    await page.press('#goto', 'Enter');
    s = await state(page);
    eq('100,000 tasks: the step box goes to step 50000', s.pos, 'step 50000 / 100004');
    has('100,000 tasks: a message task runs there', s.running, '(posted-message): MessagePort message');
    eq('100,000 tasks: one message waits in its queue', (s.tasks['posted-message'] || []).length, 1);
    await page.focus('#lanes');
    t = Date.now();
    await press(page, 'ArrowRight', 20);
    measured(`100,000 tasks: a step with the keyboard took ${((Date.now() - t) / 20).toFixed(1)} ms`);
    s = await state(page);
    eq('100,000 tasks: → steps', s.pos, 'step 50020 / 100004');
    check(`100,000 tasks: after stepping, still only the visible blocks (${s.blocks})`, s.blocks < 2000);
    await context.close();
  }

  // ------------------------------------------------------------------
  // A page with workers: the loop menu picks which loop's lanes show.
  {
    const url = makePage('workers', 'conformance/browser/worker_nested.html');
    let { page, context } = await open(url);
    const loops = await page.evaluate(() => [...document.querySelectorAll('#loop option')].map((o) => o.textContent));
    eq('workers: the loop menu lists every loop', loops, ['page / main thread', 'worker 1 (_worker_nested_outer.js)', 'worker 2 (_worker_nested_inner.js)']);
    let s = await state(page);
    has('workers: the page loop parses the page', s.records, 'parse the page');
    await page.selectOption('#loop', { index: 2 });
    await page.waitForSelector('body[data-ready="1"]', { timeout: 60000 });
    await page.waitForFunction(() => document.querySelector('#loop').value.startsWith('worker 2'));
    await press(page, 'End');
    s = await state(page);
    eq('workers: the inner worker\'s loop has its own steps', s.pos, 'step 3 / 3');
    await context.close();
  }
} catch (e) {
  failed++;
  console.log(`FAIL - ${e && e.stack || e}`);
} finally {
  await browser.close();
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(userDataDir, { recursive: true, force: true });
}
check('no errors in the pages and no network requests', errors.length === 0, errors.join('\n    '));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

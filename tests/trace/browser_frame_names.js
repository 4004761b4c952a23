// The names of the call stack's frames in the browser host (jsloop --trace,
// `call-stack`) are V8's, as Chromium prints them in a stack trace. At each
// point this script logs a label and the names of this file's frames in
// `new Error().stack`: browser_frame_names.chromium.out is what Chromium 156
// printed (node tools/record/chromium.mjs tests/trace/browser_frame_names.js),
// and crates/jsloop/tests/cli.rs compares the names in jsloop's trace, at the
// same console.log calls, with it.
const FILE = (/([^\s()]+):\d+:\d+\)?$/.exec(new Error().stack.split('\n')[1]) || [])[1];
// `at NAME (FILE:…)` is NAME; `at FILE:…` (an anonymous function, or the
// script's top level) is written <anonymous>.
function names(stack) {
  return stack.split('\n').slice(1)
    .filter((l) => l.includes(FILE))
    .map((l) => l.trim().slice(3))
    .map((l) => (l.startsWith(FILE) ? '<anonymous>' : l.slice(0, l.lastIndexOf(' ('))))
    .join(' <- ');
}
function show(label, error) { console.log(`${label}: ${names(error.stack)}`); }

const button = document.createElement('button');
document.body.appendChild(button);
button.addEventListener('click', function onClick() { show('named listener', new Error()); });
button.addEventListener('click', () => show('arrow listener', new Error()));
class Thing { constructor() { show('constructor', new Error()); } }
function main() {
  button.click();
  new Thing();
  setTimeout(function tick() { show('named timeout', new Error()); }, 0);
  setTimeout(() => show('arrow timeout', new Error()), 10);
  Promise.resolve().then(() => show('promise reaction', new Error()));
  queueMicrotask(() => show('queueMicrotask', new Error()));
}
main();
setTimeout(() => console.log('__done__'), 50);

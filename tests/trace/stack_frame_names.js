// The names of the call stack's frames (jsloop --trace, `call-stack`) are
// V8's, as Node 24 prints them in a stack trace. At each point this script
// prints a label and the names of this file's frames in `new Error().stack`:
// stack_frame_names.node24.out is what Node 24 printed
//   (node tests/trace/stack_frame_names.js > tests/trace/stack_frame_names.node24.out),
// and crates/jsloop/tests/cli.rs compares the names in jsloop's trace, at
// the same console.log calls, with it. (No method the script calls on its
// own objects: QuickJS's call sites do not know the receiver, docs/trace.md.)
const EventEmitter = require('events');
const FILE = __filename;
// `at NAME (FILE:…)` is NAME; `at FILE:…` is an anonymous function (V8
// prints only its location), written <anonymous>.
function names(stack) {
  return stack.split('\n').slice(1)
    .filter((l) => l.includes(FILE))
    .map((l) => l.trim().slice(3))
    .map((l) => (l.startsWith(FILE) ? '<anonymous>' : l.slice(0, l.lastIndexOf(' ('))))
    .join(' <- ');
}
function show(label, error) { console.log(`${label}: ${names(error.stack)}`); }

class Bus extends EventEmitter {}
const bus = new Bus();
bus.on('ping', () => show('arrow listener', new Error()));
bus.on('ping', function named() { show('named listener', new Error()); });
class Thing { constructor() { show('constructor', new Error()); } }

function schedule() {
  setImmediate(function onImmediate() { show('named immediate', new Error()); });
  setImmediate(() => show('arrow immediate', new Error()));
  process.nextTick(() => show('nextTick', new Error()));
  Promise.resolve().then(() => show('promise reaction', new Error()));
  queueMicrotask(() => show('queueMicrotask', new Error()));
  setTimeout(function tick() { show('named timeout', new Error()); bus.emit('ping'); }, 20);
  setTimeout(() => show('arrow timeout', new Error()), 20);
  new Thing();
}
function main() { schedule(); }
main();
new Promise((resolve) => setTimeout(resolve, 40)).then(() => show('later reaction', new Error()));
(() => show('top level', new Error()))();
show('module body', new Error());

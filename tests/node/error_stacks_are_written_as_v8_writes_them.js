// Recorded with: node tests/node/error_stacks_are_written_as_v8_writes_them.js > tests/node/error_stacks_are_written_as_v8_writes_them.out
// err.stack as V8 writes it: `Name: message` (read when the stack is first
// read), then the program's frames `    at NAME (FILE:LINE:COL)`, a module's
// top level as `Object.<anonymous>`, an engine function as `Array.forEach
// (<anonymous>)`; none of the runtime's own frames, nor a subclass's
// constructor. Error.stackTraceLimit,
// Error.prepareStackTrace (Node's default formatter, a program's own with
// V8's call sites, asked when the stack is first read) and
// Error.captureStackTrace. Frames print as NAME (FILE:LINE): node's own
// frames and columns are left out (V8 and QuickJS place calls at
// different tokens).
'use strict';
const path = require('path');
const here = path.basename(__filename);
const mine = (stack) => String(stack).split('\n')
  .filter((l) => !/^\s+at /.test(l) || l.includes(here) || l.endsWith('(<anonymous>)'))
  .map((l) => l.replace(__filename, here).replace(/:(\d+):\d+(\)?)$/, ':$1$2'))
  .join('\n');

function inner() { return null.x; }
function outer() { return inner(); }
try { outer(); } catch (e) { console.log(mine(e.stack)); }

class Custom extends Error { constructor(m) { super(m); this.name = 'Custom'; } }
console.log(mine(new Custom('named in the constructor').stack));
const e = new RangeError('first'); e.message = 'second'; console.log(mine(e.stack));
const read = new RangeError('first'); void read.stack; read.message = 'second'; console.log(mine(read.stack));
const bare = new TypeError(''); console.log(JSON.stringify(bare.stack.split('\n')[0]));
const nameless = new Error('m'); nameless.name = ''; console.log(JSON.stringify(nameless.stack.split('\n')[0]));
console.log(JSON.stringify(Object.keys(new Error('k'))), Object.hasOwn(new Error('k'), 'stack'));
const d = Object.getOwnPropertyDescriptor(new Error('k'), 'stack');
console.log(typeof d.get, typeof d.set, d.enumerable, d.configurable);

const o = { name: 'Plain', message: 'object' };
Error.captureStackTrace(o);
console.log(mine(o.stack), Object.getOwnPropertyDescriptor(o, 'stack').enumerable);
function hidden() { const t = {}; Error.captureStackTrace(t, hidden); return t.stack; }
function callsHidden() { return hidden(); }
console.log(mine(callsHidden()));

function limited() { Error.stackTraceLimit = 1; const s = new Error('one frame').stack; Error.stackTraceLimit = 10; return s; }
function callsLimited() { return limited(); }
console.log(mine(callsLimited()));
Error.stackTraceLimit = 0;
console.log(JSON.stringify(new Error('no frames').stack));
Error.stackTraceLimit = 'ten';
console.log(new Error('not a number').stack);
Error.stackTraceLimit = 10;
console.log(Error.stackTraceLimit, Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit').enumerable);

const standard = Error.prepareStackTrace;
console.log(typeof standard, standard.name);
console.log(mine(standard(new Error('by hand'), [])));
Error.prepareStackTrace = (err, sites) => `${err.message}: ${sites
  .filter((s) => s.getFileName() === __filename)
  .map((s) => `${s.getFunctionName()}@${s.getLineNumber()} ${typeof s.getColumnNumber()} ${s.isConstructor()}`)
  .join(', ')}`;
function named() { return new Error('own prepare').stack; }
console.log(named());
function Made() { this.stack = new Error('in a constructor').stack; }
console.log(new Made().stack);
Error.prepareStackTrace = standard;
const lazy = new Error('lazy');
Error.prepareStackTrace = () => 'prepared when first read';
console.log(lazy.stack);
Error.prepareStackTrace = standard;

const s = new Error('set');
s.stack = 'replaced';
console.log(s.stack, JSON.stringify(Object.keys(s)));
[1].forEach(function each() { console.log(mine(new Error('in forEach').stack)); });
function thrower() { throw new Error('thrown'); }
try { [0].map(thrower); } catch (err) { console.log(mine(err.stack)); }
Promise.resolve().then(function reaction() { console.log(mine(new Error('in a reaction').stack)); });

// util.getCallSites: the program's frames above the call as plain objects,
// Error.prepareStackTrace and Error.stackTraceLimit not asked.
const util = require('util');
Error.prepareStackTrace = () => { throw new Error('not asked'); };
Error.stackTraceLimit = 0;
function sites() { return util.getCallSites(2); }
for (const s of sites()) {
  console.log(Object.getPrototypeOf(s), Object.keys(s).join(), s.functionName, path.basename(s.scriptName), s.lineNumber,
    typeof s.scriptId, s.column === s.columnNumber);
}
Error.prepareStackTrace = standard;
Error.stackTraceLimit = 10;
for (const args of [[3.6], [0], [201], ['3'], [[]], [10, 10], [{ sourceMap: 1 }], [1, { sourceMap: 'yes' }]]) {
  try {
    util.getCallSites(...args);
  } catch (err) {
    console.log(err.code, err.message);
  }
}
console.log(util.getCallSites({ sourceMap: false }).length > 0, util.getCallSites(1, {}).length);

// Function.prototype.call and apply, Reflect.apply and a bound function
// have no frame of their own.
function viaApply() { return mine(new Error('through apply').stack); }
console.log(viaApply.apply(null, []));
console.log(viaApply.call(null));
console.log(Reflect.apply(viaApply, null, []));
console.log(viaApply.bind(null)());

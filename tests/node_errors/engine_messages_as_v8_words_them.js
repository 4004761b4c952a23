// The engine's error messages, as V8 words them (the text users search
// for). Recorded with Node 24:
//   node tests/node_errors/engine_messages_as_v8_words_them.js > tests/node_errors/engine_messages_as_v8_words_them.out
'use strict';
const cases = {
  'calling a property that is not a function': () => { const x = { a: {} }; x.a.foo(1, 2); },
  'calling a variable that is not a function': () => { const f = 5; f(); },
  'calling through this': () => { const o = { run() { this.missing(); } }; o.run(); },
  'calling an element of an array': () => { const list = [{}]; list[0].go(); },
  'an optional chain that reaches a non-function': () => { const o = { f: 1 }; o?.f(); },
  'constructing a non-constructor': () => { const x = { a: {} }; new x.a(); },
  'constructing an arrow function': () => { const Arrow = () => {}; new Arrow(); },
  'reading a property of undefined': () => { let u; u.foo; },
  'reading a property of null': () => { const n = null; n.bar; },
  'reading a property of a missing property': () => { const x = {}; x.nope.foo; },
  'setting a property of undefined': () => { let u; u.foo = 1; },
  'setting a property of null': () => { const n = null; n.bar = 1; },
  'an undefined variable': () => { nosuch + 1; },
  'a let before its declaration': () => { early; let early = 1; },
  'an invalid array length': () => new Array(-1),
  'Object.keys of undefined': () => Object.keys(undefined),
  'recursion without end': () => { const f = () => f(); f(); },
};
for (const [what, run] of Object.entries(cases)) {
  try {
    run();
    console.log(`${what}: no error`);
  } catch (e) {
    console.log(`${what}: ${e.name}: ${e.message}`);
  }
}

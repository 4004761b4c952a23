// Recorded with: node tests/node/not_a_function_names_the_call_that_failed.js > tests/node/not_a_function_names_the_call_that_failed.out
// "x is not a function" names the callee as V8 does, also when the call's
// arguments hold names and calls of their own (QuickJS points at the last
// name it evaluated, which may be inside the arguments, or still at a call
// inside them that failed).
const server = { address() { return { port: 8080 }; } };
const lib = {};
const x = 1;
const attempts = [
  () => lib.parse(`http://127.0.0.1:${server.address().port}/`),
  () => lib.parse(x),
  () => lib.parse(1, x),
  () => lib.parse(server.address()),
  () => lib.nope(JSON.stringify(x)),
  () => console.log(lib.nope()),
  () => lib.nope(1),
  () => JSON.nope(x),
  () => lib.parse({ port: server.address().port }),
  () => { if (lib.ok(x)) return 1; },
  // The call inside the arguments failed: names after it were never
  // evaluated, so QuickJS's position is still at it.
  () => server.check(lib.resetAndDestroy(), server),
  () => server.check(lib.resetAndDestroy(1, 2), x, 3),
  () => { lib.nope(); server.address(); },
];
for (const f of attempts) {
  try {
    f();
  } catch (e) {
    console.log(`${e.name}: ${e.message}`);
  }
}

// node:test (run as `node FILE`): suite bodies run when declared; the tests
// start after the main script, its nextTicks and its microtasks, one at a
// time (a subtest when its parent awaits it or ends); a failing test makes
// the exit code 1. The reporter's lines (they carry durations) are left out.
// Recorded with: node tests/node/node_test_runs_after_the_main_script_ticks_and_microtasks.js
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const text = String(chunk);
  const kept = text.split('\n').filter((l) => l !== '' && !/^\s|^[✔✖﹣⚠▶ℹ]|^test at /.test(l));
  return kept.length ? write(kept.join('\n') + '\n', ...rest) : true;
};
const { test, describe, it, before } = require('node:test');
console.log('main start');
test('first', async (t) => {
  console.log('first body');
  await t.test('first > one', () => console.log('subtest one'));
  t.test('first > two', () => console.log('subtest two'));
  console.log('first body ends');
});
test('callback', (t, done) => {
  console.log('callback test');
  setImmediate(() => { console.log('its immediate'); done(); });
});
describe('suite', () => {
  console.log('suite body');
  before(() => console.log('before hook'));
  it('inner', () => console.log('inner test'));
});
test('failing', () => {
  console.log('failing test');
  throw new Error('boom');
});
setImmediate(() => console.log('immediate'));
process.nextTick(() => console.log('nextTick'));
Promise.resolve().then(() => console.log('microtask'));
process.on('beforeExit', () => console.log('beforeExit', process.exitCode));
process.on('exit', (code) => console.log('exit', code, process.exitCode));
console.log('main end');

// Recorded with: node tests/node/node_test_lists_failures_with_their_location_and_inspected_error.mjs > tests/node/node_test_lists_failures_with_their_location_and_inspected_error.out
// node:test's spec reporter lists each failing test after the summary: a
// "test at FILE:LINE:COLUMN" line (where test()/it()/t.test() was called,
// relative to the working directory), the test's line, then the error as
// util.inspect shows it (an AssertionError's message with its blank lines,
// its own properties in braces), every line indented by two spaces.
// Durations are replaced by N and stack frames left out (they are the
// engine's).
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const text = String(chunk).replace(/\(\d+(\.\d+)?ms\)/g, '(Nms)').replace(/duration_ms \d+(\.\d+)?/, 'duration_ms N');
  const kept = text.split('\n').filter((l) => !/^\s+at /.test(l));
  return write(kept.join('\n'), ...rest);
};
const { test, describe, it } = await import('node:test');
const assert = (await import('node:assert')).default;
describe('a suite', () => {
  it('fails an assertion', () => {
    assert.strictEqual(1, 2);
  });
  it('passes', () => {});
});
test('throws a TypeError with a property', () => {
  const e = new TypeError('bad input');
  e.detail = { n: 1 };
  throw e;
});
test('a parent', async (t) => {
  await t.test('a failing subtest', () => {
    throw new RangeError('out of range');
  });
});
process.on('exit', (code) => console.log('exit code', code));

// Recorded with: node tests/node/node_test_marks_a_todo_test_as_it_went.mjs > tests/node/node_test_marks_a_todo_test_as_it_went.out
// node:test's spec reporter: a todo test (option, modifier, or no function)
// is marked ✔ when it passed and ⚠ when it failed, with its # directive;
// todo tests count as todo, not as passes or failures, and a failing todo
// test leaves the exit code 0. Durations are replaced by N and the failing
// test's location and stack frames left out (they are the engine's).
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...rest) => {
  const text = String(chunk).replace(/\(\d+(\.\d+)?ms\)/g, '(Nms)').replace(/duration_ms \d+(\.\d+)?/, 'duration_ms N');
  const kept = text.split('\n').filter((l) => !/^\s+at |^test at /.test(l));
  return write(kept.join('\n'), ...rest);
};
const { test } = await import('node:test');
test('todo without a function', { todo: true });
test('todo that passes', { todo: 'later' }, () => {});
test('todo that fails', { todo: true }, () => {
  throw new Error('not yet');
});
test.todo('todo by the modifier');
test('a plain test', () => {});
process.on('exit', (code) => console.log('exit code', code));

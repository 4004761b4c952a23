// Recorded with: node tests/node/util_parse_args_as_node_24.js
// util.parseArgs as Node 24 parses: strict and loose, short groups, inline
// and next-argument values, negation, defaults, tokens, and the errors for
// bad arguments and bad option descriptions.
const { parseArgs, transferableAbortSignal, transferableAbortController } = require('util');
const run = (config) => {
  try {
    const result = parseArgs(config);
    console.log(JSON.stringify(result), Object.getPrototypeOf(result.values));
  } catch (e) {
    console.log(e.name, e.code, JSON.stringify(e.message));
  }
};
const options = { foo: { type: 'boolean', short: 'f' }, bar: { type: 'string', short: 'b' }, many: { type: 'string', multiple: true, short: 'm' } };
run({ args: ['-f', '--bar', 'b', 'pos'], options, allowPositionals: true });
run({ args: ['-f', '--bar', 'b', 'pos'], options });
run({ args: ['--unknown'], options });
run({ args: ['-u'], options });
run({ args: ['--bar'], options });
run({ args: ['-b'], options });
run({ args: ['--bar', '-f'], options });
run({ args: ['-b', '-f'], options });
run({ args: ['--foo=x'], options });
run({ args: ['--bar=-x', '-b-y', '-fbz', '-m', '1', '--many=2'], options });
run({ args: ['-fm', 'x'], options });
run({ args: ['--', '--foo', '-b'], options, tokens: true, allowPositionals: true });
run({ args: ['-', 'a'], options, allowPositionals: true, tokens: true });
run({ args: ['--unknown', 'x', '-xyz', '--u=1'], options, strict: false, tokens: true });
run({ args: ['--no-foo', '--foo'], options, allowNegative: true, tokens: true });
run({ args: ['--no-foo'], options });
run({ args: ['--no-bar'], options, allowNegative: true });
run({ args: [], options: { d: { type: 'string', default: 'dv' }, e: { type: 'boolean', default: true }, m: { type: 'string', multiple: true, default: ['a'] } } });
run({ args: [], options: { d: { type: 'string', default: 1 } } });
run({ args: [], options: { d: { type: 'number' } } });
run({ args: [], options: { d: { type: 'string', short: 'dd' } } });
run({ args: [], options: { d: { type: 'string', multiple: 'x' } } });
run({ args: 'x' });
run({ args: [], options: 1 });
run({ args: ['-fb', 'v'], options, tokens: true });
run({ args: ['a', 'b'], strict: false });
run({});
run({ args: ['--foo', 'x'], options: { foo: { type: 'boolean' } }, strict: true });
run({ args: ['-f=1'], options });
run({ args: ['--foo', '--foo'], options });
run({ args: ['-bf'], options, tokens: true });
run({ args: ['---x'], options, strict: false, tokens: true });
run({ args: ['--unknown'], allowPositionals: true });
run({ args: ['-u'], allowPositionals: true });
run({ args: [], options: { m: { type: 'string', multiple: true, default: 'a' } } });
run({ args: [], options: { m: { type: 'boolean', multiple: true, default: [1] } } });
run({ args: [], options: { m: { type: 'boolean', default: 'x' } } });
run({ args: [], allowNegative: 'x' });
run({ args: [], strict: 'x' });
run({ args: [], tokens: 1 });
run({ args: [], allowPositionals: 1 });
run('x');
run({ args: [], options: { m: 'x' } });
run({ args: [], options: { m: {} } });
run({ args: ['--m'], options: { m: { type: 'string' } }, strict: false, tokens: true });
run({ args: ['--m', '--x'], options: { m: { type: 'string' } }, strict: false, tokens: true });
run({ args: ['-m'], options: { m: { type: 'string', short: 'm' } }, strict: false, tokens: true });
run({ args: ['--no-foo'], options: { foo: { type: 'boolean', default: true } }, allowNegative: true });
run({ args: ['--no-foo', 'x'], options: { foo: { type: 'boolean', multiple: true } }, allowNegative: true, strict: false });
run({ args: ['-abc'], strict: false, tokens: true });
run({ args: ['--x=', '--y=a=b'], strict: false });
run({ args: ['--foo=bar'], options: {foo: {type:'string'}}, tokens: true });
run({ args: ['-', '--'], options: {}, allowPositionals: true });
run({ args: [1], strict: false });
run({ args: ['--m', 'v', '--m', 'w'], options: { m: { type: 'string' } } });
run({ args: ['--toString'], strict: false });
const signal = new AbortController().signal;
console.log(transferableAbortSignal(signal) === signal, transferableAbortController() instanceof AbortController);
try {
  transferableAbortSignal({});
} catch (e) {
  console.log(e.code, e.message);
}

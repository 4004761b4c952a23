// What the two fuzzers (conformance/fuzz.mjs, fuzz-browser.mjs) share around
// their generators: where things are, and the options both take.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(HERE, '..');
export const FAILURES = path.join(HERE, 'fuzz-failures');

// Reads `argv` into `o` (which holds the defaults) and returns it: --seed N,
// --count N, --jsloop PATH, --print and -h/--help, then whatever `more(a,
// next, num)` takes (it returns true when it took the argument `a`; `next()`
// is the argument after it, `num(a, v)` a non-negative integer). Anything
// else, a missing path or a bad number goes to `usage`.
export function parseArgs(argv, o, usage, more = () => false) {
  const num = (f, v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) usage(`${f} needs a non-negative integer`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => argv[++i];
    if (a === '--seed') o.seed = num(a, next());
    else if (a === '--count') o.count = num(a, next());
    else if (a === '--jsloop') o.jsloop = path.resolve(next() || usage('--jsloop needs a path'));
    else if (a === '--print') o.print = true;
    else if (a === '-h' || a === '--help') usage();
    else if (!more(a, next, num)) usage(`unknown argument ${a}`);
  }
  return o;
}

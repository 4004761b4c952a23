// Recorded with: node tests/node/es_modules_import_builtins_commonjs_and_await_at_top_level.mjs
// ES modules: imports are linked and evaluated in order before the importer
// runs; built-ins and CommonJS modules can be imported (named exports of a
// CommonJS module are read from its source); the importer runs inside a
// promise job (its microtasks run before its nextTicks); top-level await
// lets the loop turn; import() loads at run time.
import fs, { readFileSync } from 'node:fs';
import { basename } from 'path';
import greeting, { named } from './fixtures/esm_lib.mjs';
import legacy, { answer } from './fixtures/legacy.cjs';
console.log('main:', typeof fs.readFile, typeof readFileSync, greeting, named, legacy.answer, answer);
console.log('import.meta.url:', basename(import.meta.url));
setTimeout(() => console.log('timeout'), 0);
process.nextTick(() => console.log('nextTick'));
Promise.resolve().then(() => console.log('promise'));
const value = await new Promise((resolve) => setTimeout(() => resolve('awaited'), 10));
console.log('after top-level await:', value);
const again = await import('./fixtures/esm_lib.mjs');
console.log('import() gets the same module:', again.named === named);

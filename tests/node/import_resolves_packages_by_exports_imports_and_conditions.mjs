// Recorded with: node tests/node/import_resolves_packages_by_exports_imports_and_conditions.mjs > tests/node/import_resolves_packages_by_exports_imports_and_conditions.out
// import as Node 24 resolves packages: the "import" condition, subpath
// patterns, "imports" naming a package, a CommonJS package's named exports,
// JSON with its import attribute, a typeless .js detected as ESM,
// import.meta (filename, dirname, url, resolve), and the errors.
import { kind } from './fixtures/packages/node_modules/cond/esm/index.mjs';
import path from 'node:path';
import { createRequire } from 'node:module';
import os from 'os';

const root = path.join(import.meta.dirname, 'fixtures', 'packages');
const here = path.dirname(import.meta.filename);
const show = (v) => (typeof v === 'string' ? v.split('file://' + root).join('<root>').split(root).join('<root>').split(here).join('<here>') : v);
console.log('static', kind, typeof os.platform);
console.log('meta', path.basename(import.meta.filename), import.meta.url.startsWith('file:///'), import.meta.dirname === path.dirname(import.meta.filename));
console.log('meta.resolve', show(import.meta.resolve('./fixtures/packages/app/src/self.js')), import.meta.resolve('node:fs'), import.meta.resolve('fs'));

const req = createRequire(path.join(root, 'index.js'));
const base = path.join(root, 'index.mjs');
const load = async (what, spec) => {
  try {
    const ns = await import(spec);
    console.log(what, '->', Object.keys(ns).join(','), JSON.stringify(ns.default ?? ns.kind ?? ns.name ?? ns.feature));
  } catch (e) {
    console.log(what, '-> rejects', e.name, e.code, JSON.stringify(show(e.message)));
  }
};
// A module of the fixtures' directory imports by bare names from there.
const importer = path.join(root, 'importer.mjs');
await load('cond via importer', importer);
await load('pattern', path.join(root, 'node_modules', '@scope', 'pat', 'src', 'a.js'));
await load('json', path.join(root, 'app', 'src', 'config.json'));
await load('typeless', path.join(root, 'typeless', 'detected.js'));
await load('cjs', path.join(root, 'node_modules', 'legacy', 'lib', 'entry.js'));
await load('missing file', './fixtures/packages/nope.mjs');
await load('directory', './fixtures/packages/app');
await load('unknown builtin', 'node:nope');
await load('missing package', 'no-such-package');
console.log('require from ESM', req('cond').kind, base.endsWith('index.mjs'));

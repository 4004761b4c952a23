// Recorded with: node tests/node/require_resolves_packages_by_exports_imports_and_conditions.js > tests/node/require_resolves_packages_by_exports_imports_and_conditions.out
// require() as Node 24 resolves packages: "exports" with nested conditions
// (node/require before default, types ignored), subpaths, patterns with *,
// null targets, "imports" (#), self-reference, the legacy "main", JSON,
// require() of an ES module (and of a graph with top-level await), the
// module built-in, and the errors (paths shown relative to the fixtures).
const path = require('path');
const Module = require('module');
const root = path.join(__dirname, 'fixtures', 'packages');
const req = Module.createRequire(path.join(root, 'index.js'));
const show = (v) => (typeof v === 'string' ? v.split(root).join('<root>') : v);
const attempt = (what, f) => {
  try {
    console.log(what, '->', show(f()));
  } catch (e) {
    console.log(what, '-> throws', e.name, e.code, JSON.stringify(show(e.message)));
  }
};

attempt('cond', () => req('cond').kind);
attempt('cond/feature', () => req('cond/feature').feature);
attempt('cond/package.json', () => req('cond/package.json').version);
attempt('cond/internal/x', () => req('cond/internal/x'));
attempt('cond/lib/main.js', () => req('cond/lib/main.js'));
attempt('resolve cond', () => req.resolve('cond'));
attempt('@scope/pat/utils/str', () => req('@scope/pat/utils/str'));
attempt('@scope/pat/a.js', () => req('@scope/pat/a.js').name);
attempt('legacy', () => req('legacy'));
attempt('esm-only', () => {
  const m = req('esm-only');
  return [m.__esModule, m.default('you'), m.version, Object.keys(m).join(',')].join(' ');
});
attempt('app', () => req('./app'));
attempt('#config from app', () => Module.createRequire(path.join(root, 'app', 'src', 'index.js'))('#config').port);
attempt('#missing from app', () => Module.createRequire(path.join(root, 'app', 'src', 'index.js'))('#missing'));
attempt('missing package', () => req('no-such-package'));
attempt('missing file', () => req('./no-such-file'));
attempt('typeless ESM', () => JSON.stringify(req('./typeless/detected.js')));
attempt('isBuiltin', () => [Module.isBuiltin('fs'), Module.isBuiltin('node:test'), Module.isBuiltin('test'), Module.isBuiltin('nope')].join(' '));
attempt('builtinModules has fs', () => Module.builtinModules.includes('fs'));
attempt('node: unknown', () => require('node:nope'));
attempt('paths', () => Module._nodeModulePaths('/a/node_modules/b').join(' '));
attempt('resolve.paths relative', () => req.resolve.paths('./x').join(' '));
attempt('resolve.paths builtin', () => req.resolve.paths('fs'));
attempt('cache', () => Object.keys(require.cache).filter((k) => k.startsWith(root)).length > 3);
attempt('require is module.require', () => typeof require.resolve === 'function' && require.main === module);

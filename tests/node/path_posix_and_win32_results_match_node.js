// Recorded with: node tests/node/path_posix_and_win32_results_match_node.js > tests/node/path_posix_and_win32_results_match_node.out
// path.posix and path.win32 on a corpus of paths: roots, UNC and device
// namespaces, drive-relative paths, reserved device names, '.' and '..',
// repeated and trailing separators; each function's result (or error) as
// JSON. Results that contain the working directory print it as <cwd>.
const path = require('path');

// A fixed working directory: relative() and resolve() results depend on it
// (its depth and names), and the test runs from wherever the repository is.
process.chdir('/tmp');
const cwd = process.cwd();
const cwdWin = cwd.replace(/\//g, '\\');
const show = (value) => JSON.stringify(value).split(JSON.stringify(cwdWin).slice(1, -1)).join('<cwd>').split(cwd).join('<cwd>');
function run(fn, args) {
  try {
    return show(fn(...args));
  } catch (err) {
    return `${err.name} ${err.code}: ${err.message}`;
  }
}

const named = [
  '', '.', '..', '/', '//', '///', '\\', '\\\\', 'a', 'a/', 'a//', '/a', '//a', '///a', 'a/b', 'a//b', 'a/b/',
  '/a/b/c.txt', '/a/b/.c', '/a/b/..', '/..', '/../', '../..', '../a/../..', './a/./b/.', 'a/../../b', '...',
  'a.', '.a.', 'a..b', 'a.b.c', 'file.tar.gz', '.bashrc', '/home/user/dir/file.txt', 'C:', 'c:', 'C:\\', 'C:/',
  'C:a', 'C:\\a\\b', 'C:/a/b/', 'C:..\\a', 'C:\\..', 'c:\\foo\\bar.baz', '\\foo', '\\\\server', '\\\\server\\',
  '\\\\server\\share', '\\\\server\\share\\', '\\\\server\\share\\dir\\file.ext', '//server/share/x', '\\\\.\\pipe\\name',
  '\\\\?\\C:\\Windows\\System32', '\\\\?\\UNC\\server\\share', '\\\\.\\COM1:x', '\\\\?\\COM1:\\a\\..', 'CON', 'CON:',
  'con:x', 'CON:..\\..', 'COM1:', 'COM9.txt:', 'LPT1:a', 'NUL:\\..', 'AUX', 'CONx', 'COM¹:', 'foo:bar', 'foo:',
  'a/../c:/x', 'a/../c:x', 'x/CON:', 'a:b', 'ab:/', '/CON:', 'C:CON:', 'a\\b/c\\d', 'a\\..\\..\\b\\', ' ', 'İ/ß',
];
// And a fixed pseudo-random mix of the same pieces.
const pieces = ['a', 'B', '.', '..', '/', '\\', '//', ':', 'C:', 'd:', 'CON', 'nul:', 'x.js', '.git', '?', '', '...', '\\\\srv\\sh', 'İ'];
let seed = 20251123;
const next = (n) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
const mixed = [];
for (let i = 0; i < 120; i++) {
  let s = '';
  for (let k = 1 + next(5); k > 0; k--) s += pieces[next(pieces.length)];
  mixed.push(s);
}
const corpus = [...named, ...mixed];

for (const flavour of ['posix', 'win32']) {
  const p = path[flavour];
  console.log(`== ${flavour}`);
  for (const input of corpus) {
    const row = ['normalize', 'isAbsolute', 'dirname', 'basename', 'extname', 'parse', 'toNamespacedPath', 'resolve']
      .map((fn) => run(p[fn], [input]));
    console.log(`${JSON.stringify(input)} ${row.join(' ')}`);
  }
  for (let i = 0; i + 1 < corpus.length; i += 2) {
    const a = corpus[i];
    const b = corpus[corpus.length - 1 - i];
    const suffix = b.slice(-3);
    console.log(`${JSON.stringify([a, b])} join ${run(p.join, [a, b])} join3 ${run(p.join, [b, '.', a])} resolve ${run(p.resolve, [a, b])} relative ${run(p.relative, [a, b])} basename ${run(p.basename, [a, suffix])}`);
  }
  const objects = [
    { root: '/', dir: '/home', base: 'f.txt' }, { root: 'C:\\', name: 'f', ext: 'txt' }, { dir: 'd', name: 'n', ext: '.e' },
    { root: '/', base: 'x' }, { base: 'b', name: 'ignored' }, {}, { dir: 'C:\\x\\', base: 'y' }, null, 'str', { root: 'r', dir: 'r' },
  ];
  for (const o of objects) console.log(`format ${JSON.stringify(o)} ${run(p.format, [o])}`);
  const globs = [
    ['foo/bar/baz', 'foo/[bcr]ar/baz'], ['foo/bar/baz', 'foo/[!bcr]ar/baz'], ['foo/bar1/baz', 'foo/bar[0-9]/baz'],
    ['foo/bar/baz', 'foo/**'], ['foo/bar/baz', '*'], ['foo\\bar\\baz', 'foo\\*\\baz'], ['a/.b', 'a/*'], ['a/.b', 'a/.*'],
    ['a/b/c.js', '**/*.js'], ['c.js', '**/*.js'], ['a', 'a/**'], ['a/', 'a/**'], ['x.ts', '*.{js,ts}'], ['x3', 'x{1..5}'],
    ['a/b', 'a/c/../b'], ['a//b', 'a/*/b'], ['ab', '@(ab|cd)'], ['abab', '+(ab)'], ['x', '!(a)'], ['.x', '!(a)'],
    ['A', 'a'], ['!a', '!a'], ['#a', '#a'], ['', ''], ['/', '*'], ['a', 123], [1, 'a'],
  ];
  for (const [s, g] of globs) console.log(`matchesGlob ${JSON.stringify([s, g])} ${run(p.matchesGlob, [s, g])}`);
}

for (const bad of [[() => path.join('a', 1)], [() => path.resolve('a', null)], [() => path.relative('', {})], [() => path.basename('a', 1)], [() => path.win32.dirname(true)]]) {
  console.log(run(bad[0], []));
}
console.log(path.sep, path.delimiter, path.win32.sep, path.win32.delimiter, path.posix === path, path.win32.posix === path.posix,
  path.posix.win32 === path.win32, require('path/posix') === path.posix, require('path/win32') === path.win32,
  path._makeLong === path.toNamespacedPath, path.win32._makeLong === path.win32.toNamespacedPath, path.win32.resolve.name);
console.log(Object.keys(path).join(' '));
console.log(Object.keys(path.win32).join(' '));

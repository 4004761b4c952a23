// node tests/node/fs_paths_with_lone_surrogates_become_utf8_with_replacement_as_node_24.js > tests/node/fs_paths_with_lone_surrogates_become_utf8_with_replacement_as_node_24.out (recorded with Node 24)
// A path string with a lone surrogate is not refused: Node writes it as
// UTF-8 with each lone surrogate replaced by U+FFFD (BufferValue, V8's
// REPLACE_INVALID_UTF8), so the call names that file and its error's
// message, path and dest carry the replaced path. Callback, sync and
// promise forms.
const fs = require('fs');
const os = require('os');
const path = require('path');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jsloop-surrogates-'));
const rel = (v) => (typeof v === 'string' ? JSON.stringify(v.split(dir).join('<dir>')) : String(v));
const show = (tag, e, v) => {
  if (!e) return console.log(tag, 'ok', rel(v));
  console.log(tag, rel(e.message), e.code, e.errno, e.syscall, rel(e.path), rel(e.dest), e.constructor.name);
};
const call = (tag, f) => new Promise((resolve) => f((err, v) => { show(tag, err, v); resolve(); }));
const sync = (tag, f) => { try { show(tag, null, f()); } catch (e) { show(tag, e); } };
const promise = (tag, p) => p.then((v) => show(tag, null, v), (e) => show(tag, e));
const missing = dir + '/\ud800.txt';
(async () => {
  await call('readFile utf8', (k) => fs.readFile(missing, 'utf8', k));
  await call('readFile', (k) => fs.readFile(missing, k));
  await call('readFile flag', (k) => fs.readFile(missing, { flag: 'r' }, k));
  await call('open', (k) => fs.open(missing, 'r', k));
  await call('stat', (k) => fs.stat(missing, k));
  await call('lstat', (k) => fs.lstat(missing, k));
  await call('access', (k) => fs.access(missing, k));
  await call('readdir', (k) => fs.readdir(dir + '/\udc00', k));
  await call('rename', (k) => fs.rename(missing, dir + '/\udfff-\ud83d', k));
  await call('copyFile', (k) => fs.copyFile(missing, dir + '/x\udc00', k));
  await call('unlink', (k) => fs.unlink(missing, k));
  sync('readFileSync', () => fs.readFileSync(missing, 'utf8'));
  sync('statSync', () => fs.statSync(missing));
  sync('openSync', () => fs.openSync(missing, 'r'));
  sync('renameSync', () => fs.renameSync(missing, dir + '/\ud800\ud800'));
  sync('existsSync', () => fs.existsSync(missing));
  await promise('promises.readFile', fs.promises.readFile(missing));
  await promise('promises.stat', fs.promises.stat(missing));
  await promise('promises.open', fs.promises.open(missing));
  // The replaced name is the file's: made under one name, read under the other.
  sync('writeFileSync', () => fs.writeFileSync(missing, 'made as \\ud800'));
  sync('readdirSync', () => JSON.stringify(fs.readdirSync(dir)));
  sync('readFileSync ufffd', () => fs.readFileSync(dir + '/\ufffd.txt', 'utf8'));
  sync('existsSync', () => fs.existsSync(missing));
  sync('statSync size', () => fs.statSync(missing).size);
  await call('readFile utf8', (k) => fs.readFile(missing, 'utf8', k));
  await call('readFile low', (k) => fs.readFile(dir + '/\udfff.txt', 'utf8', k));
  await promise('promises.readFile', fs.promises.readFile(missing, 'utf8'));
  // A pair is one character; two lone ones are two replacements.
  sync('writeFileSync pair', () => fs.writeFileSync(dir + '/\ud83d\udc04', ''));
  sync('writeFileSync reversed', () => fs.writeFileSync(dir + '/\udc04\ud83d', ''));
  sync('readdirSync', () => JSON.stringify(fs.readdirSync(dir).sort()));
  sync('mkdtempSync', () => path.basename(fs.mkdtempSync(dir + '/t\ud800-')).slice(0, 3));
  await call('mkdir', (k) => fs.mkdir(dir + '/d\udc00', k));
  sync('readdirSync', () => JSON.stringify(fs.readdirSync(dir).filter((n) => n.startsWith('d')).sort()));
  fs.rmSync(dir, { recursive: true });
})();

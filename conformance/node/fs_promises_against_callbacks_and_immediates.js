// fs.promises.readFile resolves in the poll phase; its reactions run before
// that turn's immediates.
const fsp = require('fs').promises;
const log = (s) => console.log(s);
(async () => {
  const text = await fsp.readFile(__filename, 'utf8');
  log('read ' + text.length + ' chars');
  setImmediate(() => log('immediate after read'));
  await null;
  log('after await null');
  const st = await fsp.stat(__filename);
  log('stat ' + st.isFile());
})();
log('main');

// fs.promises calls awaited one after another; the continuation of each
// runs in a microtask after its request completes.
const fsp = require('fs').promises;
const log = (s) => console.log(s);
(async () => {
  const st = await fsp.stat(__filename);
  log('stat is file ' + st.isFile());
  process.nextTick(() => log('tick after stat'));
  const text = await fsp.readFile(__filename, 'utf8');
  log('read ' + text.length + ' chars > 0 ' + (text.length > 0));
  try { await fsp.readFile(__dirname + '/missing'); } catch (e) { log('missing ' + e.code); }
})();
log('sync end');

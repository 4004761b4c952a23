// fs/promises: readFile is open (a FileHandle), fstat, read and close; a
// FileHandle's read, stat and close are one request each; its readFile is
// fstat and read (lib/internal/fs/promises.js). Immediates started beside
// each show how many poll phases it takes; ticks and microtasks queued
// after an await run before the check phase.
const fsp = require('fs/promises');
const log = (s) => console.log(s);
function turns(name, n) {
  let i = 0;
  const step = () => {
    i++;
    log(name + ' immediate ' + i);
    if (i < n) setImmediate(step);
  };
  setImmediate(step);
}
(async () => {
  turns('readFile', 3);
  const text = await fsp.readFile(__filename, 'utf8');
  log('readFile ' + text.length);
  process.nextTick(() => log('tick after readFile'));
  queueMicrotask(() => log('microtask after readFile'));
  const fh = await fsp.open(__filename);
  log('open');
  setImmediate(() => log('immediate queued after open'));
  const { bytesRead, buffer } = await fh.read(Buffer.alloc(9), 0, 9, 3);
  log('read ' + bytesRead + ' ' + buffer.toString());
  setImmediate(() => log('immediate queued after read'));
  const st = await fh.stat();
  log('stat ' + st.isFile());
  turns('fh.readFile', 1);
  const again = await fh.readFile({ encoding: 'utf8' });
  log('fh.readFile ' + again.length);
  fh.on('close', () => log('close event'));
  setImmediate(() => log('immediate queued before close'));
  await fh.close();
  log('closed');
})();
log('main');

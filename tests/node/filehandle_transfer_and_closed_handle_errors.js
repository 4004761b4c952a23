// node tests/node/filehandle_transfer_and_closed_handle_errors.js
// A fs.promises FileHandle in a transfer list goes with the message (its fd
// here becomes -1; the receiver reads the file through it); posted without
// being listed, or while an operation is in flight, it is a DataCloneError;
// a transferred or closed handle's operations reject with EBADF, each
// naming its own syscall.
const fs = require('fs').promises;
const { MessageChannel } = require('worker_threads');
const { once } = require('events');
(async () => {
  const { port1, port2 } = new MessageChannel();
  const fh = await fs.open(__filename);
  try { port1.postMessage(fh); } catch (e) { console.log(e.name, e.message); }
  const reading = fh.read();
  try { port1.postMessage(fh, [fh]); } catch (e) { console.log(e.name, e.message); }
  await reading;
  port1.postMessage({ handle: fh }, [fh]);
  console.log('fd after transfer', fh.fd);
  const [{ handle }] = await once(port2, 'message');
  console.log('received a FileHandle:', Object.getPrototypeOf(handle) === Object.getPrototypeOf(fh), handle.fd > 2);
  const text = await handle.readFile('utf8');
  console.log('read through it:', text.split('\n')[0]);
  await handle.close();
  for (const op of ['read', 'readFile', 'stat']) {
    try { await fh[op](); } catch (e) { console.log('transferred', op, e.code, e.message, e.syscall); }
  }
  for (const op of ['readFile', 'writeFile', 'truncate', 'write']) {
    try { await handle[op]('x'); } catch (e) { console.log('closed', op, e.code, e.message, e.syscall); }
  }
  port1.close();
})();

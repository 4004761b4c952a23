// Recorded with Node 24: node tests/node/dgram_reads_32_datagrams_a_poll_and_unref_and_abort_end_sockets.js
// libuv's uv__udp_recvmsg reads at most 32 datagrams per readiness: of 40
// datagrams waiting, 32 'message' events come in one poll phase, the check
// phase's immediate runs, and the last 8 come in the next turn's poll
// phase. An unref'd bound socket does not keep the process alive (nor does
// an unbound one), ref() makes it; an AbortSignal closes a socket; close()
// while the implicit bind's lookup is pending waits for it (the queue);
// Symbol.asyncDispose closes.
const dgram = require('dgram');
const log = (...a) => console.log(...a);
const receiver = dgram.createSocket('udp4');
const sender = dgram.createSocket('udp4');
let got = 0;
let turn = 0;
receiver.on('message', () => {
  got++;
  if (got === 1 || got === 32 || got === 33 || got === 40) log(`message ${got} in turn ${turn}`);
  if (got === 1) setImmediate(() => { turn++; log(`immediate after the first message (messages so far: ${got})`); });
  if (got === 40) {
    receiver.unref();
    log('receiver unref()ed: the process may end');
    sender.close();
    setImmediate(part2);
  }
});
receiver.bind(0, '127.0.0.1', () => {
  const port = receiver.address().port;
  let sent = 0;
  for (let i = 0; i < 40; i++) sender.send(`d${i}`, port, '127.0.0.1', () => { if (++sent === 40) log('40 sent'); });
});

function part2() {
  // Closed by its AbortSignal: 'close' on the next tick.
  const ac = new AbortController();
  const aborted = dgram.createSocket({ type: 'udp4', signal: ac.signal });
  aborted.on('close', () => log('aborted socket closed'));
  aborted.bind(0, '127.0.0.1', () => {
    log('aborted socket listening');
    ac.abort();
    try { aborted.send('x', 1, '127.0.0.1'); } catch (e) { log(`send after abort: ${e.code}`); }
  });
  // close() while the implicit bind waits for its lookup: queued.
  const early = dgram.createSocket('udp4');
  early.on('listening', () => log('early listening'));
  early.on('close', () => log('early closed'));
  early.send('y', 9, '127.0.0.1', (err) => log(`early send callback: ${err}`));
  early.close(() => log('early close callback'));
  // Symbol.asyncDispose.
  const disposable = dgram.createSocket('udp6');
  disposable.bind(0, '::1', async () => {
    log(`udp6 listening on ${disposable.address().address} ${disposable.address().family}`);
    await disposable[Symbol.asyncDispose]();
    log('disposed');
    await disposable[Symbol.asyncDispose]();
    log('disposed again (no-op)');
    // A bound, unref'd socket alone: the process ends; ref() it for one timer.
    const last = dgram.createSocket('udp4');
    last.bind(0, '127.0.0.1', () => {
      last.unref();
      last.ref();
      setTimeout(() => { log('timer while ref()ed'); last.unref(); }, 5);
    });
    process.on('exit', () => log(`exit; receiver got ${got}`));
  });
}

// Recorded with Node 24: node tests/node/stream_readable_events_interleave_with_ticks_and_microtasks.js
// The order of a Readable's 'data', 'readable', 'end', 'pause', 'resume' and
// 'close' against process.nextTick, promise reactions and immediates.
const { Readable } = require('stream');
const log = (s) => console.log(s);

// 1. Flowing: pushes made synchronously are buffered, 'data' starts a tick later.
const a = new Readable({ read() {} });
a.on('data', (d) => log(`a data ${d}`));
a.on('end', () => log('a end'));
a.on('close', () => log('a close'));
a.on('resume', () => log('a resume'));
a.push('1');
a.push('2');
a.push(null);
process.nextTick(() => log('tick after a'));
Promise.resolve().then(() => log('microtask after a'));

// 2. Paused mode: 'readable' then read() until null, then 'end'.
const b = new Readable({
  highWaterMark: 2,
  read() {
    const n = this.n = (this.n || 0) + 1;
    log(`b _read ${n}`);
    if (n <= 3) setImmediate(() => this.push(`x${n}`));
    else this.push(null);
  },
});
b.on('readable', () => {
  let chunk;
  while ((chunk = b.read()) !== null) log(`b read ${chunk}`);
  log('b readable done');
});
b.on('end', () => log('b end'));
b.on('close', () => log('b close'));

// 3. Readable.from with async values, pause() and resume().
const c = Readable.from((async function* () { yield 'p'; yield 'q'; yield 'r'; })());
c.on('data', (d) => {
  log(`c data ${d}`);
  if (d === 'p') {
    c.pause();
    setImmediate(() => { log('c resume()'); c.resume(); });
  }
});
c.on('pause', () => log('c pause'));
c.on('end', () => log('c end'));
c.on('close', () => log('c close'));

setImmediate(() => log('immediate'));

// 4. Async iteration ends with the stream destroyed.
(async () => {
  const d = Readable.from(['i', 'j']);
  d.on('close', () => log('d close'));
  for await (const x of d) log(`d iter ${x}`);
  log(`d loop over, destroyed=${d.destroyed}`);
})();

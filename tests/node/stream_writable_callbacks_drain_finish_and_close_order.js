// Recorded with Node 24: node tests/node/stream_writable_callbacks_drain_finish_and_close_order.js
// Write callbacks, 'drain', 'prefinish', 'finish' and 'close' of Writables
// whose _write completes synchronously or later, against ticks, microtasks
// and the loop's phases; cork/uncork with _writev; _final.
const { Writable } = require('stream');
const log = (s) => console.log(s);

const sync = new Writable({
  highWaterMark: 3,
  write(chunk, enc, cb) { log(`sync _write ${chunk}`); cb(); },
});
for (const ev of ['drain', 'prefinish', 'finish', 'close']) sync.on(ev, () => log(`sync ${ev}`));
log(`sync write a -> ${sync.write('a', () => log('sync cb a'))}`);
log(`sync write bcd -> ${sync.write('bcd', () => log('sync cb bcd'))}`);
sync.end('e', () => log('sync end cb'));
process.nextTick(() => log('tick'));
Promise.resolve().then(() => log('microtask'));

const later = new Writable({
  highWaterMark: 2,
  write(chunk, enc, cb) { log(`later _write ${chunk}`); setImmediate(cb); },
  final(cb) { log('later _final'); setImmediate(cb); },
});
for (const ev of ['drain', 'prefinish', 'finish', 'close']) later.on(ev, () => log(`later ${ev}`));
log(`later write 1 -> ${later.write('1', () => log('later cb 1'))}`);
log(`later write 22 -> ${later.write('22', () => log('later cb 22'))}`);
later.once('drain', () => later.end('3', () => log('later end cb')));

const batched = new Writable({
  writev(chunks, cb) { log(`batched _writev ${chunks.map((c) => c.chunk).join(',')}`); process.nextTick(cb); },
  write(chunk, enc, cb) { log(`batched _write ${chunk}`); cb(); },
});
batched.on('finish', () => log('batched finish'));
batched.cork();
batched.write('x');
batched.write('y');
batched.write('z', () => log('batched cb z'));
process.nextTick(() => { batched.uncork(); batched.end(); });

setImmediate(() => log('immediate'));

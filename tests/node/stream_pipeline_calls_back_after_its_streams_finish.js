// Recorded with Node 24: node tests/node/stream_pipeline_calls_back_after_its_streams_finish.js
// pipeline()'s callback, stream/promises' pipeline and finished(), pipe()
// with backpressure, and a Transform in between, against the loop.
const { Readable, Writable, Transform, PassThrough, pipeline, finished } = require('stream');
const promises = require('stream/promises');
const log = (s) => console.log(s);

const upper = new Transform({
  transform(chunk, enc, cb) { log(`transform ${chunk}`); cb(null, String(chunk).toUpperCase()); },
  flush(cb) { log('flush'); cb(null, '!'); },
});
const out = [];
const sink = new Writable({ write(c, e, cb) { out.push(String(c)); log(`sink ${c}`); cb(); } });
for (const [name, s] of [['upper', upper], ['sink', sink]]) {
  for (const ev of ['end', 'finish', 'close']) s.on(ev, () => log(`${name} ${ev}`));
}
pipeline(Readable.from(['a', 'b']), upper, sink, (err) => log(`pipeline 1 done ${err} ${out.join('')}`));

// A failing middle stream: the error reaches the callback, all are destroyed.
const src2 = new Readable({ read() {} });
const bad = new Transform({ transform(c, e, cb) { cb(new Error('bad chunk')); } });
const dst2 = new PassThrough();
for (const [name, s] of [['src2', src2], ['bad', bad], ['dst2', dst2]]) s.on('close', () => log(`${name} close`));
pipeline(src2, bad, dst2, (err) => log(`pipeline 2 done ${err.message} ${src2.destroyed} ${dst2.destroyed}`));
src2.push('z');

// A generator stage and stream/promises.
promises.pipeline(
  Readable.from([1, 2, 3]),
  async function* (source) { for await (const n of source) yield String(n * 10); },
  new Writable({ write(c, e, cb) { log(`gen sink ${c}`); cb(); } }),
).then(() => log('promises.pipeline resolved'));

// Backpressure through pipe(): a slow writer with highWaterMark 1.
const fast = new Readable({ read() {} });
const slow = new Writable({
  highWaterMark: 1,
  write(c, e, cb) { log(`slow ${c}`); setImmediate(cb); },
});
fast.on('pause', () => log('fast pause'));
fast.on('resume', () => log('fast resume'));
slow.on('drain', () => log('slow drain'));
fast.pipe(slow);
fast.push('m');
fast.push('n');
fast.push(null);
finished(slow, (err) => log(`finished(slow) ${err}`));
promises.finished(fast).then(() => log('finished(fast) resolved'));

// An early close is a premature close.
const early = new PassThrough();
finished(early, (err) => log(`finished(early) ${err.code}`));
early.destroy();

setImmediate(() => log('immediate'));
process.nextTick(() => log('tick'));

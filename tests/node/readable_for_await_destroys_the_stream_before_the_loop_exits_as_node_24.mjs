// node tests/node/readable_for_await_destroys_the_stream_before_the_loop_exits_as_node_24.mjs > tests/node/readable_for_await_destroys_the_stream_before_the_loop_exits_as_node_24.out (recorded with Node 24)
// A for await over a Readable (lib/internal/streams/readable.js,
// createAsyncIterator) that a throw or a break leaves: the loop awaits the
// iterator's return() (AsyncIteratorClose), whose finally destroys the
// stream, so the stream is destroyed when the code after the loop runs,
// a throw's catch included; with destroyOnReturn: false a break leaves it
// open. Then its events in order, against promise reactions and ticks.
import { Readable } from 'node:stream';

const log = (s) => console.log(s);
const make = (name) => {
  const r = new Readable({ objectMode: true, read() { this.push(name); } });
  r.on('close', () => log(`${name}: close`));
  return r;
};

{
  const r = make('throw');
  try {
    for await (const k of r) {
      log(`throw: got ${k}`);
      throw new Error('kaboom');
    }
  } catch (e) {
    log(`throw: caught ${e.message}, destroyed ${r.destroyed}`);
  }
}
{
  const r = make('break');
  for await (const k of r) {
    log(`break: got ${k}`);
    break;
  }
  log(`break: after the loop, destroyed ${r.destroyed}`);
}
{
  const r = make('keep');
  for await (const k of r.iterator({ destroyOnReturn: false })) {
    log(`keep: got ${k}`);
    break;
  }
  log(`keep: after the loop, destroyed ${r.destroyed}`);
  r.destroy();
}
{
  const r = make('return');
  const f = async () => {
    for await (const k of r) {
      log(`return: got ${k}`);
      return k;
    }
  };
  const v = await f();
  log(`return: ${v}, destroyed ${r.destroyed}`);
}
{
  // The order of a throw's close against ticks and promise reactions.
  const r = make('order');
  process.nextTick(() => log('order: tick'));
  Promise.resolve().then(() => log('order: reaction 1')).then(() => log('order: reaction 2'));
  try {
    for await (const k of r) {
      log(`order: got ${k}`);
      throw new Error('stop');
    }
  } catch (e) {
    log(`order: caught ${e.message}, destroyed ${r.destroyed}`);
  }
  await null;
  log('order: after one more await');
}
{
  // An error of the stream's own ends the loop with that error.
  const r = new Readable({ read() {} });
  r.on('close', () => log('error: close'));
  setTimeout(() => r.destroy(new Error('broken')), 1);
  try {
    for await (const k of r) log(`error: got ${k}`);
  } catch (e) {
    log(`error: caught ${e.message}, destroyed ${r.destroyed}`);
  }
}
log('done');

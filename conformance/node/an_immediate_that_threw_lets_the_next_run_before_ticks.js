// An immediate whose callback threw (an 'uncaughtException' listener
// handled it) leaves Node's processImmediate; the check phase calls it
// again for the rest of the queue (src/env.cc's CheckImmediate), so the
// next immediate runs before the nextTick queue is drained.
process.on('uncaughtException', (e) => console.log(`uncaughtException ${e.message}`));
setImmediate(() => {
  process.nextTick(() => console.log('tick queued by a'));
  Promise.resolve().then(() => console.log('microtask queued by a'));
  console.log('a throws');
  throw new Error('a');
});
setImmediate(() => {
  process.nextTick(() => console.log('tick queued by b'));
  console.log('b throws');
  throw new Error('b');
});
setImmediate(() => {
  process.nextTick(() => console.log('tick queued by c'));
  console.log('c');
});
setImmediate(() => {
  console.log('d throws last');
  process.nextTick(() => console.log('tick queued by d'));
  throw new Error('d');
});

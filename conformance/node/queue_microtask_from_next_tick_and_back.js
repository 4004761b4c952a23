// Ticks and microtasks queued from each other: ticks drain, then the
// microtask queue, then ticks again.
const log = (s) => console.log(s);
process.nextTick(() => {
  log('tick A');
  queueMicrotask(() => {
    log('micro from A');
    process.nextTick(() => log('tick from micro'));
    queueMicrotask(() => log('micro from micro'));
  });
  process.nextTick(() => log('tick from A'));
});
queueMicrotask(() => log('micro B'));

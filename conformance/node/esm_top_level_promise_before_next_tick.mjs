// In an ES module the body runs inside a microtask, so promise reactions
// queued at top level run before nextTicks.
const log = (s) => console.log(s);
process.nextTick(() => log('tick'));
Promise.resolve().then(() => log('promise'));
queueMicrotask(() => log('microtask'));
log('module body');
await null;
log('after top-level await');
process.nextTick(() => log('tick after await'));
Promise.resolve().then(() => log('promise after await'));

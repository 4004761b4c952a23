// nextTicks queued by nextTicks all run before the first promise reaction.
const log = (s) => console.log(s);
let n = 0;
function tick() { n++; log('tick ' + n); if (n < 5) process.nextTick(tick); }
Promise.resolve().then(() => log('promise'));
queueMicrotask(() => log('microtask'));
process.nextTick(tick);

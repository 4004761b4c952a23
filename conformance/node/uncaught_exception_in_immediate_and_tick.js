// Throws from an immediate and from a nextTick, caught by the listener.
const log = (s) => console.log(s);
process.on('uncaughtException', (err) => log('uncaught: ' + err.message));
setImmediate(() => { log('immediate 1'); throw new Error('immediate 1'); });
setImmediate(() => log('immediate 2'));
process.nextTick(() => { log('tick 1'); throw new Error('tick 1'); });
process.nextTick(() => log('tick 2'));
Promise.resolve().then(() => log('promise'));

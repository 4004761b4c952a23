process.on('uncaughtException', (e, origin) => console.log('uncaught:', e.message, origin));
setTimeout(() => { throw new Error('timer'); });
setImmediate(() => { throw new Error('immediate'); });
process.nextTick(() => { throw new Error('nextTick'); });
require('fs').readFile(__filename, () => { throw new Error('fs callback'); });
process.on('beforeExit', () => { if (!globalThis.done) { globalThis.done = true; throw new Error('beforeExit'); } });
process.on('exit', () => console.log('exit listener runs'));

// Recorded with Node 24: node tests/node/process_stdout_is_a_writable_whose_callbacks_come_a_tick_later.js
// process.stdout is a Writable: writes are synchronous, their callbacks come
// on the next tick; Readables pipe into it (without ending it).
const { pipeline, Readable } = require('stream');
process.stdout.write('a\n', () => console.log('cb a'));
console.log('after write', process.stdout.writable, process.stdout.fd, process.stdout instanceof require('stream').Writable);
process.stdout.write(Buffer.from('buf\n'));
process.stdout.write('68690a', 'hex');
Readable.from(['x\n', 'y\n']).pipe(process.stdout);
process.stdout.on('finish', () => console.log('finish?'));
setImmediate(() => pipeline(Readable.from(['p\n']), process.stderr, (e) => console.log('pipeline done', e)));

// Recorded with Node 24: node tests/node/stream_errors_carry_node_codes_and_come_before_close.js
// destroy(err) emits 'error' then 'close' on the next tick; misuse gives
// Node's ERR_* codes and messages; object mode and highWaterMark.
const { Readable, Writable, Duplex, Transform } = require('stream');
const log = (s) => console.log(s);
const show = (e) => `${e.name} ${e.code}: ${e.message}`;

const r = new Readable({ read() {} });
r.on('error', (e) => log(`r error ${e.message}`));
r.on('close', () => log(`r close errored=${r.errored && r.errored.message}`));
r.destroy(new Error('boom'));
log(`r destroyed=${r.destroyed} closed=${r.closed}`);
process.nextTick(() => log('tick 1'));

const r2 = new Readable({ read() {} });
r2.on('error', (e) => log(`r2 error ${show(e)}`));
r2.push(null);
r2.push('late');

const w = new Writable({ write(c, e, cb) { cb(); } });
w.on('error', (e) => log(`w error ${show(e)}`));
w.end();
w.write('x', (e) => log(`w write cb ${e && e.code}`));

const twice = new Writable({ write(c, e, cb) { cb(); cb(); } });
twice.on('error', (e) => log(`twice error ${show(e)}`));
twice.write('a');

try { new Writable({ write(c, e, cb) { cb(); } }).write(42); } catch (e) { log(`write(42) ${show(e)}`); }
try { new Writable().write(null); } catch (e) { log(`write(null) ${show(e)}`); }
try { new Readable({ highWaterMark: -1 }); } catch (e) { log(`hwm -1 ${show(e)}`); }
try { new Readable({ read() {} }).read(2 ** 31); } catch (e) { log(`read(2**31) ${show(e)}`); }
const noRead = new Readable();
noRead.on('error', (e) => log(`noRead error ${show(e)}`));
noRead.read();

const obj = new Readable({ objectMode: true, read() {} });
log(`object mode hwm ${obj.readableHighWaterMark} bytes hwm ${new Readable().readableHighWaterMark}`);
log(`push {} -> ${obj.push({ a: 1 })}, length ${obj.readableLength}`);

const d = new Duplex({ read() {}, write(c, e, cb) { cb(); }, allowHalfOpen: false });
d.on('finish', () => log('d finish'));
d.on('end', () => log('d end'));
d.on('close', () => log('d close'));
d.resume();
d.push(null);

const t = new Transform({ transform(c, e, cb) { cb(null, c); } });
t.on('error', (e) => log(`t error ${show(e)}`));
t.on('close', () => log('t close'));
t.destroy(null);
Promise.resolve().then(() => log('microtask'));
setImmediate(() => log('immediate'));

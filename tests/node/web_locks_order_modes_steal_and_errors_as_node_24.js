// node tests/node/web_locks_order_modes_steal_and_errors_as_node_24.js > tests/node/web_locks_order_modes_steal_and_errors_as_node_24.out (recorded with Node 24)
// navigator.locks (the Web Locks API, Node 24): the order callbacks run in
// against promise reactions and timers, shared and exclusive modes,
// ifAvailable, steal, an aborted signal, query, and the argument errors.
const { locks } = require('worker_threads');
const log = (s) => console.log(s);
const id = (c) => c.replace(/^node-\d+-/, 'node-PID-');
log(`${locks === navigator.locks} ${navigator.locks} ${Object.keys(Object.getPrototypeOf(navigator.locks))}`);
log('start');
const p1 = navigator.locks.request('a', async (lock) => {
  log(`cb1 ${lock.name} ${lock.mode} ${lock} ${Object.keys(Object.getPrototypeOf(lock))}`);
  await null;
  log('cb1 after await');
  return 'r1';
});
log('after request 1');
const p2 = navigator.locks.request('a', { mode: 'shared' }, (lock) => { log(`cb2 ${lock && lock.mode}`); return 'r2'; });
const p2b = navigator.locks.request('a', { mode: 'shared' }, async (lock) => { log(`cb2b ${lock.mode}`); return 'r2b'; });
const p3 = navigator.locks.request('a', { ifAvailable: true }, (lock) => { log(`cb3 ${lock}`); return 'r3'; });
log('after requests');
navigator.locks.query().then((q) => log('query ' + JSON.stringify({ held: q.held.map((l) => ({ ...l, clientId: id(l.clientId) })), pending: q.pending.map((l) => ({ ...l, clientId: id(l.clientId) })) })));
p1.then((v) => log('p1 ' + v));
p2.then((v) => log('p2 ' + v));
p2b.then((v) => log('p2b ' + v));
p3.then((v) => log('p3 ' + v));
Promise.resolve().then(() => log('microtask'));
setTimeout(() => log('timeout'), 0);
process.nextTick(() => log('tick'));
navigator.locks.request('-x', () => {}).catch((e) => log(`${e.name}: ${e.message}`));
navigator.locks.request('b', { steal: true, ifAvailable: true }, () => {}).catch((e) => log(`${e.name}: ${e.message}`));
navigator.locks.request('b', { steal: true, mode: 'shared' }, () => {}).catch((e) => log(`${e.name}: ${e.message}`));
navigator.locks.request('b', 5).catch((e) => log(`${e.name} ${e.code}: ${e.message}`));
navigator.locks.request('s', async () => { await new Promise((r) => setTimeout(r, 10)); log('s held long'); }).catch((e) => log(`stolen: ${e.name}: ${e.message}`));
navigator.locks.request('s', { steal: true }, (l) => log('stealer ' + l.name)).then((v) => log('stealer done ' + v));
const ac = new AbortController();
navigator.locks.request('s', { signal: ac.signal }, () => log('never')).catch((e) => log(`aborted: ${e.name}: ${e.message}`));
ac.abort();
navigator.locks.request('t', () => { throw new Error('boom'); }).catch((e) => log(`thrown: ${e.message}`));
navigator.locks.request('u', () => Promise.reject(new Error('nope'))).catch((e) => log(`rejected: ${e.message}`));
navigator.locks.request('u', () => log('u after a rejection'));

// navigator.locks (the Web Locks API): callbacks run in tasks, in the order
// the requests can be granted (exclusive, shared, ifAvailable), a promise
// settles with the callback's result when the lock is released; steal,
// an abort while waiting, query, and the argument errors.
const log = (s) => console.log(s);
log(`${typeof navigator.locks} ${navigator.locks} ${typeof LockManager} ${typeof Lock}`);
log(`${Object.getOwnPropertyNames(LockManager.prototype).sort()} ${Object.getOwnPropertyNames(Lock.prototype).sort()} ${LockManager.length} ${LockManager.prototype.request.length}`);
try { new Lock(); } catch (e) { log(`${e.name}: ${e.message}`); }
log('start');
const p1 = navigator.locks.request('a', async (lock) => { log(`cb1 ${lock.name} ${lock.mode} ${lock}`); await null; log('cb1 after await'); return 'r1'; });
const p2 = navigator.locks.request('a', { mode: 'shared' }, (lock) => { log(`cb2 ${lock && lock.mode}`); return 'r2'; });
const p3 = navigator.locks.request('a', { ifAvailable: true }, (lock) => { log(`cb3 ${lock}`); return 'r3'; });
log('after requests');
p1.then((v) => log('p1 ' + v)); p2.then((v) => log('p2 ' + v)); p3.then((v) => log('p3 ' + v));
Promise.resolve().then(() => log('microtask'));
navigator.locks.query().then((q) => log('query ' + q.held.length + ' ' + q.pending.length));
const t = (f) => { try { f().then(() => log('ok'), (e) => log(`${typeof e === 'string' ? e : `${e.name}: ${e.message}`}`)); } catch (e) { log(`sync ${e.name}: ${e.message}`); } };
t(() => navigator.locks.request('-x', () => {}));
t(() => navigator.locks.request('b', { steal: true, ifAvailable: true }, () => {}));
t(() => navigator.locks.request('b', { steal: true, mode: 'shared' }, () => {}));
t(() => navigator.locks.request('b', { signal: new AbortController().signal, steal: true }, () => {}));
t(() => navigator.locks.request('b', { signal: new AbortController().signal, ifAvailable: true }, () => {}));
t(() => navigator.locks.request('b', { mode: 'x' }, () => {}));
t(() => navigator.locks.request('b', 5));
t(() => navigator.locks.request('b', {}, 5));
t(() => navigator.locks.request('b'));
t(() => navigator.locks.request('b', { signal: AbortSignal.abort('why') }, () => {}));
t(() => navigator.locks.request('b', { signal: 1 }, () => {}));
// A steal and an aborted request, once 's' is held (their outcomes are
// printed together: Chromium delivers them in either order).
const outcomes = [];
const outcome = (s) => { outcomes.push(s); if (outcomes.length === 3) log(outcomes.sort().join(' | ')); };
let releaseFirst;
navigator.locks.request('s', () => {
  const ac = new AbortController();
  navigator.locks.request('s', { signal: ac.signal }, () => outcome('never')).then(() => outcome('never'), (e) => {
    outcome(`waiting request: ${e}`);
    navigator.locks.request('s', { steal: true }, (l) => `stealer got ${l.name}`).then((v) => outcome(v));
  });
  ac.abort('changed my mind');
  return new Promise((r) => { releaseFirst = r; });
}).then((v) => outcome('first ' + v), (e) => outcome(`first: ${e.name}: ${e.message}`));

import { setTimeout as st, setImmediate as si, setInterval as sv, scheduler } from 'node:timers/promises';
// timers/promises as lib/timers/promises.js validates and cancels: the delay a
// number (or undefined), options an object with an AbortSignal and a boolean
// ref, an aborted signal rejecting with an AbortError whose cause is the
// reason, and setInterval's async iterator under abort, return() and throw().
const log = (...a) => console.log(...a);
const tryit = async (name, f) => { try { log(name, await f()); } catch (e) { log(name, 'threw', e.name, e.code, e.message, e.cause !== undefined ? 'cause:' + String(e.cause) : ''); } };
await tryit('st signal bad', () => st(1, 'v', { signal: 1 }));
await tryit('st ref bad', () => st(1, 'v', { ref: 1 }));
await tryit('st options null', () => st(1, 'v', null));
await tryit('st aborted', () => st(1, 'v', { signal: AbortSignal.abort('why') }));
await tryit('si aborted', () => si('v', { signal: AbortSignal.abort() }));
await tryit('sv bad', async () => { for await (const x of sv(1, 'v', { signal: 'x' })) return x; });
await tryit('sv aborted', async () => { for await (const x of sv(1, 'v', { signal: AbortSignal.abort(new Error('r')) })) return x; });
const ac = new AbortController();
await tryit('sv abort later', async () => { let n = 0; for await (const x of sv(5, n, { signal: ac.signal })) { log('it', x, n); if (++n === 3) ac.abort(); } });
await tryit('sv return', async () => { const it = sv(5, 'r'); log(await it.next()); log(await it.return('done')); log(await it.next()); return 'ok'; });
await tryit('sv throw', async () => { const it = sv(5, 'r'); log(await it.next()); try { await it.throw(new Error('t')); } catch (e) { log('caught', e.message); } log(await it.next()); return 'ok'; });
await tryit('st abort while waiting', () => { const c = new AbortController(); const p = st(50, 'v', { signal: c.signal }); c.abort(); return p; });
await tryit('scheduler.wait', () => scheduler.wait(5).then(v => 'waited ' + v));
for (const d of [undefined, null, -1, NaN, 1.5, 2**31, '5', {}, true, 10n]) {
  try { const v = await st(d, 'ok'); console.log('st', String(d), v); } catch (e) { console.log('st', String(d), e.name, e.code, e.message); }
  try { const it = sv(d, 'ok'); const r = await it.next(); await it.return(); console.log('sv', String(d), r.value); } catch (e) { console.log('sv', String(d), e.name, e.code, e.message); }
}
log('end');

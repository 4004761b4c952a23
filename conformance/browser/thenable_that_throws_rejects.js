// A thenable whose then() throws rejects the promise adopting it.
const log = (s) => console.log(s);
const bad = { then() { throw new Error('then threw'); } };
(async () => { try { await bad; } catch (e) { log('await caught ' + e.message); } })();
Promise.resolve(bad).catch((e) => log('catch ' + e.message));
log('script end');

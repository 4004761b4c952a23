// An async function that throws rejects its promise; awaiting a rejected
// promise throws at the await.
const log = (s) => console.log(s);
async function thrower() { log('thrower runs'); throw new Error('thrown'); }
async function awaiter() {
  try { await Promise.reject(new Error('awaited rejection')); } catch (e) { log('caught ' + e.message); }
}
thrower().catch((e) => log('caught ' + e.message));
awaiter().then(() => log('awaiter done'));
Promise.resolve().then(() => log('p1')).then(() => log('p2')).then(() => log('p3'));
log('sync end');

// await inside finally; a return in finally replaces the throw.
const log = (s) => console.log(s);
async function f() {
  try { log('try'); throw new Error('x'); } finally { await null; log('finally after await'); return 'override'; }
}
f().then((v) => log('resolved ' + v), (e) => log('rejected ' + e.message));
Promise.resolve().then(() => log('p1')).then(() => log('p2')).then(() => log('p3'));

// await on thenables and promises, against a then chain.
const log = (s) => console.log(s);
const thenable = { then(res) { log('then called'); res('thenable value'); } };
async function f() { log('f start'); const v = await thenable; log('f got ' + v); return Promise.resolve('f done'); }
async function g() { await null; log('g 1'); await null; log('g 2'); }
f().then((v) => log(v));
g();
let p = Promise.resolve();
for (let i = 1; i <= 6; i++) { const n = i; p = p.then(() => log('tick ' + n)); }
log('script end');

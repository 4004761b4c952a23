// An async function returning a thenable resolves a tick after the
// thenable's then() is called.
const log = (s) => console.log(s);
async function f() { return { then(res) { log('then called'); res('from thenable'); } }; }
f().then((v) => log('f ' + v));
Promise.resolve().then(() => log('p1')).then(() => log('p2')).then(() => log('p3')).then(() => log('p4'));

// Returning a promise from an async function (or resolving with one) costs
// two more microtask ticks than returning a value.
const log = (s) => console.log(s);
async function returnsValue() { return 1; }
async function returnsPromise() { return Promise.resolve(2); }
async function awaitsPromise() { return await Promise.resolve(3); }
returnsPromise().then(() => log('returnsPromise'));
awaitsPromise().then(() => log('awaitsPromise'));
returnsValue().then(() => log('returnsValue'));
new Promise((r) => r(Promise.resolve(4))).then(() => log('resolved with promise'));
let p = Promise.resolve();
for (let i = 1; i <= 4; i++) { const n = i; p = p.then(() => log('tick ' + n)); }

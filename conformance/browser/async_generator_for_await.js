// for await over an async generator, interleaved with a then chain.
const log = (s) => console.log(s);
async function* gen() { yield 1; await null; yield 2; yield Promise.resolve(3); }
(async () => { for await (const v of gen()) log('got ' + v); log('loop done'); })();
let p = Promise.resolve();
for (let i = 1; i <= 8; i++) { const n = i; p = p.then(() => log('tick ' + n)); }

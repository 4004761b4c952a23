// for await over an async generator, interleaved with a then chain.
const log = (s) => console.log(s);
async function* gen() {
  log('gen start');
  yield 1;
  await null;
  log('gen after await');
  yield 2;
  yield Promise.resolve(3);
  log('gen end');
}
(async () => {
  for await (const v of gen()) log('got ' + v);
  log('loop done');
})();
let p = Promise.resolve();
for (let i = 1; i <= 10; i++) { const n = i; p = p.then(() => log('tick ' + n)); }

// Breaking out of for await calls the generator's return(), which runs its
// finally block, before the loop's next statement.
const log = (s) => console.log(s);
async function* gen() {
  try {
    for (let i = 0; ; i++) { await null; yield i; }
  } finally {
    log('generator finally');
  }
}
(async () => {
  for await (const v of gen()) {
    log('value ' + v);
    if (v === 2) break;
  }
  log('after loop');
})();
Promise.resolve().then(() => log('p1')).then(() => log('p2')).then(() => log('p3'));

// Nested async functions awaiting each other, against a plain then chain.
const log = (s) => console.log(s);
async function inner() {
  log('inner start');
  await null;
  log('inner after await');
  return 'inner value';
}
async function outer() {
  log('outer start');
  const v = await inner();
  log('outer got ' + v);
  await undefined;
  log('outer end');
}
outer().then(() => log('outer resolved'));
Promise.resolve()
  .then(() => log('then 1'))
  .then(() => log('then 2'))
  .then(() => log('then 3'))
  .then(() => log('then 4'))
  .then(() => log('then 5'));
log('main end');

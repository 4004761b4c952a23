// try/catch/finally across awaits, and Promise.prototype.finally's extra ticks.
const log = (s) => console.log(s);
async function f() {
  try {
    await Promise.reject(new Error('rejected'));
  } catch (e) {
    log('caught ' + e.message);
    await null;
    log('after await in catch');
  } finally {
    log('finally');
  }
  return 'done';
}
f().then((v) => log('f ' + v));
Promise.resolve('v').finally(() => log('finally callback')).then((v) => log('after finally ' + v));
let p = Promise.resolve();
for (let i = 1; i <= 6; i++) { const n = i; p = p.then(() => log('tick ' + n)); }

// finally() runs its callback and passes the value on, which takes more
// ticks than a then().
const log = (s) => console.log(s);
Promise.resolve('kept')
  .finally(() => log('finally'))
  .then((v) => log('after finally ' + v));
Promise.reject(new Error('r'))
  .finally(() => log('finally on rejection'))
  .catch((e) => log('caught after finally ' + e.message));
Promise.resolve().then(() => log('t1')).then(() => log('t2')).then(() => log('t3')).then(() => log('t4')).then(() => log('t5'));

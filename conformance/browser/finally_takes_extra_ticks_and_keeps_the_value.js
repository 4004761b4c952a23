// finally() passes the value (or the rejection) on, taking more ticks than then().
const log = (s) => console.log(s);
Promise.resolve('kept').finally(() => log('finally')).then((v) => log('after finally ' + v));
Promise.reject(new Error('r')).finally(() => log('finally on rejection')).catch((e) => log('caught ' + e.message));
Promise.resolve().then(() => log('t1')).then(() => log('t2')).then(() => log('t3')).then(() => log('t4')).then(() => log('t5'));

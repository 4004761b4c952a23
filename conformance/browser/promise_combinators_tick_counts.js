// Promise.all/race/allSettled/any settle after known numbers of ticks.
const log = (s) => console.log(s);
const a = Promise.resolve('a');
Promise.all([a, 'plain']).then((v) => log('all ' + v));
Promise.race([a, Promise.resolve('b')]).then((v) => log('race ' + v));
Promise.allSettled([a, Promise.reject('r')]).then((v) => log('allSettled ' + v.map((x) => x.status)));
Promise.any([Promise.reject(1), a]).then((v) => log('any ' + v));
Promise.any([]).catch((e) => log('any empty ' + e.name));
let p = Promise.resolve();
for (let i = 1; i <= 5; i++) { const n = i; p = p.then(() => log('tick ' + n)); }

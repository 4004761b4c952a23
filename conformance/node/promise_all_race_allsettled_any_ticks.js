// The combinators settle after a known number of microtask ticks.
const log = (s) => console.log(s);
const a = Promise.resolve('a');
const b = Promise.resolve('b');
Promise.all([a, b]).then((v) => log('all ' + v.join(',')));
Promise.race([a, b]).then((v) => log('race ' + v));
Promise.allSettled([a, Promise.reject('x')]).then((v) => log('allSettled ' + v.map((r) => r.status).join(',')));
Promise.any([Promise.reject('y'), b]).then((v) => log('any ' + v));
Promise.any([Promise.reject('p'), Promise.reject('q')]).catch((e) => log('any rejected ' + e.constructor.name + ' ' + e.errors.join(',')));
Promise.all([]).then(() => log('all empty'));
let p = Promise.resolve();
for (let i = 1; i <= 5; i++) { const n = i; p = p.then(() => log('tick ' + n)); }

// Combinators over timer-backed promises, settling in deadline order.
const log = (s) => console.log(s);
const after = (ms, v, fail) => new Promise((res, rej) => setTimeout(() => (fail ? rej(v) : res(v)), ms));
Promise.race([after(60, 'slow'), after(20, 'fast')]).then((v) => log('race ' + v));
Promise.all([after(40, 'x'), after(10, 'y')]).then((v) => log('all ' + v));
Promise.any([after(10, 'e', true), after(50, 'ok')]).then((v) => log('any ' + v));
Promise.allSettled([after(30, 'r', true), after(70, 'f')]).then((v) => { log('allSettled ' + v.map((r) => r.status)); console.log('__done__'); });

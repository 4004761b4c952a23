// conformance: virtual-only (under --clock real the order depends on wall time: a 20 ms stall between the top-level setTimeout calls reorders their deadlines, in Node as in jsloop; seen under load)
// Combinators over timer-backed promises settle in deadline order.
const log = (s) => console.log(s);
const after = (ms, v, fail) => new Promise((res, rej) => setTimeout(() => (fail ? rej(v) : res(v)), ms));
Promise.race([after(30, 'slow'), after(10, 'fast')]).then((v) => log('race ' + v));
Promise.all([after(20, 'x'), after(5, 'y')]).then((v) => log('all ' + v.join(',')));
Promise.any([after(5, 'e1', true), after(25, 'ok')]).then((v) => log('any ' + v));
Promise.allSettled([after(15, 'r', true), after(35, 'f')]).then((v) => log('allSettled ' + v.map((r) => r.status + ':' + (r.value || r.reason)).join(' ')));
Promise.all([after(40, 'never'), after(12, 'boom', true)]).catch((e) => log('all rejected ' + e));

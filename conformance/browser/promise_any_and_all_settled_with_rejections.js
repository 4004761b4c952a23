// Promise.any rejects with an AggregateError of every reason; allSettled
// reports each outcome.
const log = (s) => console.log(s);
Promise.any([Promise.reject(new Error('a')), Promise.reject(new Error('b'))]).catch((e) => log(e.constructor.name + ' ' + e.errors.map((x) => x.message).join(',')));
Promise.allSettled([Promise.resolve(1), Promise.reject(new Error('no')), 3]).then((rs) => log(rs.map((r) => r.status + ':' + (r.value ?? r.reason.message)).join(' ')));
Promise.all([]).then((v) => log('all of [] ' + v.length));
log('script end');

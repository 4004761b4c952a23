// A thenable's then() runs in a later microtask; only the first settle counts.
const log = (s) => console.log(s);
const thenable = { then(res, rej) { log('then called'); res('first'); res('second'); rej(new Error('ignored')); throw new Error('ignored too'); } };
Promise.resolve(thenable).then((v) => log('value ' + v), (e) => log('error ' + e.message));
Promise.resolve().then(() => log('p1')).then(() => log('p2')).then(() => log('p3'));
log('script end');

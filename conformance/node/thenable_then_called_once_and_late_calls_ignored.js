// A thenable's then() is called in a later microtask; only its first
// resolve/reject call counts, and a throw after resolving is ignored.
const log = (s) => console.log(s);
const thenable = {
  then(res, rej) {
    log('then called');
    res('first');
    res('second');
    rej(new Error('ignored'));
    throw new Error('ignored too');
  },
};
Promise.resolve(thenable).then((v) => log('value ' + v), (e) => log('error ' + e.message));
Promise.resolve().then(() => log('p1')).then(() => log('p2')).then(() => log('p3'));
log('sync end');

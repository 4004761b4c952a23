// Resolving with a thenable calls its then in a job of its own.
const log = (s) => console.log(s);
const syncThenable = { then(res) { log('syncThenable.then called'); res('sync'); } };
const lateThenable = { then(res) { log('lateThenable.then called'); Promise.resolve().then(() => res('late')); } };
Promise.resolve(syncThenable).then((v) => log('got ' + v));
Promise.resolve(lateThenable).then((v) => log('got ' + v));
(async () => { const v = await syncThenable; log('await got ' + v); })();
Promise.resolve().then(() => log('a')).then(() => log('b')).then(() => log('c')).then(() => log('d'));
log('main');

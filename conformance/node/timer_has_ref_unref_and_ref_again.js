// unref() and ref() toggle whether a timer keeps the loop alive; a ref'd
// again timer fires.
const log = (s) => console.log(s);
const t = setTimeout(() => log('re-ref timer fired'), 40);
log('hasRef ' + t.hasRef());
t.unref();
log('after unref ' + t.hasRef());
t.ref();
log('after ref ' + t.hasRef());
const u = setTimeout(() => log('unref timer: never printed'), 200);
u.unref();
process.on('exit', () => log('exit'));

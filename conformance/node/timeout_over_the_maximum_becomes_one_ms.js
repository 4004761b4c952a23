// A delay above 2^31 - 1 ms is set to 1 ms (Node warns on stderr), so it
// fires before a 30 ms timer.
const log = (s) => console.log(s);
setImmediate(() => {
  setTimeout(() => log('30 ms'), 30);
  setTimeout(() => log('huge delay fired'), 2 ** 31);
  log('set');
});

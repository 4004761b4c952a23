// Nothing queued in an 'exit' listener runs.
const log = (s) => console.log(s);
process.on('exit', () => {
  log('exit');
  process.nextTick(() => log('tick (never)'));
  setImmediate(() => log('immediate (never)'));
});
log('main');

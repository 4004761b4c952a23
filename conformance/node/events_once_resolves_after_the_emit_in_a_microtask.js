// events.once() resolves with the arguments array; the await continues in a
// microtask after emit returns.
const { EventEmitter, once } = require('events');
const log = (s) => console.log(s);
const e = new EventEmitter();
(async () => {
  const args = await once(e, 'ready');
  log('once resolved ' + args.join(','));
})();
setTimeout(() => {
  e.emit('ready', 1, 2);
  log('after emit');
  process.nextTick(() => log('tick after emit'));
}, 20);

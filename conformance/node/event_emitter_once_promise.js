// events.once() resolves a promise; its reaction runs after the emit returns.
const { EventEmitter, once } = require('events');
const log = (s) => console.log(s);
const e = new EventEmitter();
once(e, 'ready').then(([v]) => log('once resolved ' + v));
e.on('ready', () => log('on listener'));
setTimeout(() => {
  log('before emit');
  e.emit('ready', 42);
  log('after emit');
  process.nextTick(() => log('tick'));
}, 5);

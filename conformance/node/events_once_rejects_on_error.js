// events.once() rejects if 'error' is emitted first.
const { EventEmitter, once } = require('events');
const log = (s) => console.log(s);
const e = new EventEmitter();
once(e, 'ready').then(() => log('never'), (err) => log('rejected ' + err.message));
setTimeout(() => {
  e.emit('error', new Error('failed'));
  log('after emit error');
}, 20);

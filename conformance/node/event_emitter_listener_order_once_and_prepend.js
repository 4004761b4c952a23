// on, once, prependListener and prependOnceListener order; once listeners are
// removed before they run.
const EventEmitter = require('events');
const log = (s) => console.log(s);
const e = new EventEmitter();
e.on('x', () => log('on 1'));
e.once('x', () => log('once 2 (count now ' + e.listenerCount('x') + ')'));
e.prependListener('x', () => log('prepended 3'));
e.prependOnceListener('x', () => log('prepended once 4'));
log('emit 1 ' + e.emit('x'));
log('emit 2 ' + e.emit('x'));
log('emit other ' + e.emit('other'));

// EventEmitter.emit calls listeners synchronously, in order, inside the caller.
const EventEmitter = require('events');
const log = (s) => console.log(s);
const e = new EventEmitter();
e.on('x', (v) => { log('listener 1 ' + v); Promise.resolve().then(() => log('promise from listener 1')); });
e.prependListener('x', (v) => log('prepended ' + v));
e.once('x', (v) => log('once ' + v));
e.on('x', (v) => { log('listener 3 ' + v); process.nextTick(() => log('tick from listener 3')); });
log('emit returned ' + e.emit('x', 'first'));
log('emit returned ' + e.emit('x', 'second'));
log('emit none ' + e.emit('nobody'));
Promise.resolve().then(() => e.emit('x', 'from promise'));
log('main end');

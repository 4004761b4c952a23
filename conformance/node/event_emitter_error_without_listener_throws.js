// Emitting 'error' with no listener throws the error at the emit call.
const EventEmitter = require('events');
const log = (s) => console.log(s);
const e = new EventEmitter();
try {
  e.emit('error', new Error('boom'));
} catch (err) {
  log('caught ' + err.message);
}
e.on('error', (err) => log('handled ' + err.message));
log('emit returned ' + e.emit('error', new Error('second')));
log('listeners ' + e.listenerCount('error'));

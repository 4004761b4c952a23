// Listeners removed or added during an emit do not change that emit: it runs
// a copy of the listener list.
const EventEmitter = require('events');
const log = (s) => console.log(s);
const e = new EventEmitter();
const b = () => log('b');
e.on('x', () => {
  log('a removes b, adds c');
  e.removeListener('x', b);
  e.on('x', () => log('c'));
});
e.on('x', b);
e.emit('x');
log('second emit');
e.emit('x');

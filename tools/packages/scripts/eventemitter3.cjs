const EE = require('eventemitter3');
const e = new EE(); e.on('x', (a,b) => console.log('x', a, b)); e.once('x', () => console.log('once'));
e.emit('x', 1, 2); e.emit('x', 3, 4); console.log(e.listenerCount('x'), e.eventNames());

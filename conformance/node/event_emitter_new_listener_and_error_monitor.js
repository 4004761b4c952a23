// 'newListener' fires before a listener is added; errorMonitor sees 'error'
// before the listeners.
const EventEmitter = require('events');
const log = (s) => console.log(s);
const e = new EventEmitter();
e.on('newListener', (name) => log('newListener ' + name + ' count ' + e.listenerCount(name)));
e.on('data', () => log('data'));
e.on(EventEmitter.errorMonitor, (err) => log('monitor ' + err.message));
e.on('error', (err) => log('error listener ' + err.message));
e.emit('error', new Error('oops'));
e.emit('data');

// Emitting 'error' with no listener throws; from a timer that reaches
// 'uncaughtException', and the next timer still runs.
const EventEmitter = require('events');
const log = (s) => console.log(s);
process.on('uncaughtException', (e) => log('uncaught ' + e.message));
const em = new EventEmitter();
setTimeout(() => {
  log('timer 1 emits error');
  em.emit('error', new Error('no listener'));
  log('never');
}, 20);
setTimeout(() => log('timer 2'), 60);

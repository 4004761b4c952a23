// Emitters driven from timers and immediates: listeners synchronous, their
// microtasks after the callback that emitted.
// The case starts in an immediate, so its timers do not depend on start-up time.
const EventEmitter = require('events');
const log = (s) => console.log(s);
setImmediate(() => {
  const e = new EventEmitter();
  e.on('ping', (who) => { log('ping from ' + who); Promise.resolve().then(() => log('promise after ping from ' + who)); });
  setTimeout(() => { e.emit('ping', 'timer'); log('timer after emit'); }, 50);
  setImmediate(() => { e.emit('ping', 'immediate'); log('immediate after emit'); });
});

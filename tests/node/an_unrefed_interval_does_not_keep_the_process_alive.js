// Recorded with: node tests/node/an_unrefed_interval_does_not_keep_the_process_alive.js
// An unref'd timer fires only while something else keeps the loop alive.
let ticks = 0;
const interval = setInterval(() => { ticks += 1; }, 10);
interval.unref();
console.log('hasRef after unref: ' + interval.hasRef());
setTimeout(() => console.log('ref\'d timeout: the interval ticked ' + (ticks >= 1 ? 'at least once' : 'never')), 55);
process.on('exit', () => console.log('exit'));

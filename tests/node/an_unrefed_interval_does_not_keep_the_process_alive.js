// Recorded with: node tests/node/an_unrefed_interval_does_not_keep_the_process_alive.js
// An unref'd timer fires only while something else keeps the loop alive.
let ticks = 0;
const interval = setInterval(() => { ticks += 1; }, 10);
interval.unref();
console.log('hasRef after unref: ' + interval.hasRef());
setTimeout(() => console.log('ref\'d timeout: the interval ticked ' + (ticks >= 3 ? 'at least 3' : 'fewer than 3') + ' times'), 45);
process.on('exit', () => console.log('exit'));

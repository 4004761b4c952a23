// node tests/node/domain_errors_from_run_ticks_timers_emitters_bind_and_intercept.js
// lib/domain.js: an error thrown in a domain's run(), in a nextTick or timer
// made in it, an 'error' an EventEmitter made in it emits without listeners,
// a bound function's throw and an intercepted callback's error argument all
// go to the domain's 'error' listeners, outside the domain.
const domain = require('domain');
const EE = require('events');
const d = domain.create();
d.on('error', (e) => console.log('d error:', e.message, e.domainThrown, e.domainEmitter ? 'emitter' : 'no emitter', process.domain === d));
process.on('exit', (c) => console.log('exit', c));
d.run(() => {
  const ee = new EE();
  console.log('ee.domain is d', ee.domain === d);
  setTimeout(() => ee.emit('error', new Error('from emitter')), 5);
  process.nextTick(() => { throw new Error('from tick'); });
  const bound = d.bind((x) => { throw new Error('bound ' + x); });
  setTimeout(() => bound(1), 10);
  const icb = d.intercept((v) => console.log('intercepted value', v));
  setTimeout(() => { icb(null, 'ok'); icb(new Error('intercepted error')); }, 15);
  throw new Error('sync in run');
});
console.log('after run (not reached?)');

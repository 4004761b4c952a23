// The timer functions as Web IDL makes them: each function's name and
// length, the TimerHandler argument (a function is kept, anything else is
// converted to a string, which runs as a script), the timeout converted to a
// `long` (ToNumber, then modulo 2^32) after the handler, the extra arguments
// not converted, the errors for a missing or unconvertible argument or
// another `this`, and clearTimeout/clearInterval converting their argument
// the same way.
const log = (s) => console.log(s);
for (const name of ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval']) {
  const f = window[name];
  log(name + ': ' + typeof f + ' name=' + f.name + ' length=' + f.length + ' ctor=' + ('prototype' in f));
}
const err = (what, f) => {
  try { f(); log(what + ': no error'); } catch (e) { log(what + ': ' + e.constructor.name + ': ' + e.message); }
};
err('setTimeout()', () => setTimeout());
err('setInterval()', () => setInterval());
err('setTimeout(symbol)', () => setTimeout(Symbol('s'), 0));
err('setInterval(symbol)', () => setInterval(Symbol('s'), 0));
err('setTimeout(f, symbol)', () => setTimeout(() => {}, Symbol('s')));
err('setTimeout(throwing toString)', () => setTimeout({ toString() { throw new RangeError('from toString'); } }, 0));
err('setTimeout(f, throwing valueOf)', () => setTimeout(() => {}, { valueOf() { throw new RangeError('from valueOf'); } }));
err('clearTimeout(symbol)', () => clearTimeout(Symbol('s')));
err('clearTimeout(throwing valueOf)', () => clearTimeout({ valueOf() { throw new RangeError('from valueOf'); } }));
err('clearTimeout()', () => clearTimeout());
err('clearInterval()', () => clearInterval());
err('clearTimeout(undefined, extra)', () => clearTimeout(undefined, 1));
// Conversion order: the handler, then the timeout; the extra arguments as they are.
const order = [];
const extra = { valueOf() { order.push('extra valueOf'); return 0; }, toString() { order.push('extra toString'); return 'x'; } };
const id0 = setTimeout(
  { toString() { order.push('handler toString'); return 'log("string handler from toString")'; } },
  { valueOf() { order.push('timeout valueOf'); return 5; } },
  extra,
);
log('conversion order: ' + order.join(', '));
log('id is a positive integer: ' + (typeof id0 === 'number' && id0 > 0 && Number.isInteger(id0)));
// Arguments after the handler reach a function handler unconverted.
setTimeout((a, b) => log('args: ' + (a === extra) + ' ' + typeof b), 10, extra, 2n);
// A timeout of 2^32 + 30 is 30 as a long; 2^32 is 0; 2^31 is negative, so 0.
setTimeout(() => log('2^32 + 30 ran as 30'), 2 ** 32 + 30);
setTimeout(() => log('2^32 ran as 0'), 2 ** 32);
setTimeout(() => log('2^31 ran as 0'), 2 ** 31);
setTimeout(() => log('zero'), 0);
// clearTimeout converts its argument: a string, an object with valueOf, a float.
const a = setTimeout(() => log('not cleared: a'), 15);
const b = setTimeout(() => log('not cleared: b'), 15);
const c = setTimeout(() => log('not cleared: c'), 15);
const d = setInterval(() => log('not cleared: d'), 15);
clearTimeout(String(a));
clearInterval({ valueOf() { log('clearInterval valueOf'); return b; } });
clearTimeout(c + 0.75);
clearTimeout(d);
// A number handler and a null one are strings too (scripts "7" and "null").
err('setTimeout(7)', () => setTimeout(7, 0));
err('setTimeout(null)', () => setTimeout(null, 0));
// Called on another object: Web IDL's receiver check.
err('setTimeout.call({})', () => setTimeout.call({}, () => log('never'), 0));
err('setInterval.call({})', () => setInterval.call({}, () => log('never'), 0));
err('clearTimeout.call({})', () => clearTimeout.call({}, a));
err('clearInterval.call({})', () => clearInterval.call({}, a));
// Called with this undefined (a bare reference).
const st = setTimeout;
st(() => log('bare reference ran'), 20);
setTimeout.call(undefined, () => log('this undefined ran'), 20);
setTimeout.call(window, () => log('this window ran'), 20);
setTimeout(() => { log('end'); console.log('__done__'); }, 60);

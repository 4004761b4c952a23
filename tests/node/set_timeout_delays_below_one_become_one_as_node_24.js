// Recorded with: node tests/node/set_timeout_delays_below_one_become_one_as_node_24.js
// setTimeout's delay goes through Node's `after *= 1`: null, 0, -0 and a
// fraction below 1 become a delay of 1 with no warning, as a missing delay
// does, and share the list of delay 1 with the timers set so; 1 and above
// are kept (1.5 has a list of its own, expiring with 1's). A negative delay
// and NaN become 1 with a warning (once each), one too large with a warning
// each time, a string and a boolean convert (those are cleared at once:
// their warnings would make the script take long enough to split the
// lists). Each Timeout's _idleTimeout is printed, then the timers fire.
process.on('warning', (w) => console.log(`warning ${w.name}: ${w.message.split('\n')[0]}`));
const label = (d) => (Object.is(d, -0) ? '-0' : typeof d === 'string' ? JSON.stringify(d) : String(d));
const delays = [0, null, -0, 0.5, 0.999, undefined, 1, 1.5, 2];
const timers = delays.map((d, i) => setTimeout((a, b) => console.log(`fired ${i} (${label(d)}) args ${a} ${b}`), d, i, 'x'));
timers.forEach((t, i) => console.log(`setTimeout(f, ${label(delays[i])}): _idleTimeout ${t._idleTimeout}, _repeat ${t._repeat}`));
for (const d of [-1, -0.5, NaN, 2147483648, 2147483648, '0', '0.5', false, true]) {
  const t = setTimeout(() => console.log('never'), d);
  console.log(`setTimeout(f, ${label(d)}): _idleTimeout ${t._idleTimeout}`);
  clearTimeout(t);
}
const zero = setTimeout(() => console.log('never'), 0);
clearTimeout(zero);
console.log(`cleared zero: _idleTimeout ${zero._idleTimeout}, _onTimeout ${zero._onTimeout}`);
setTimeout(() => console.log(`destroyed: ${timers.map((t) => t._destroyed).join(' ')}`), 5);

// Recorded with: node tests/node/timeouts_read_and_inspect_as_in_node_24.js
// What a program reads of a Timeout — its fields, its methods, the timer
// functions' names and lengths — and how util.inspect prints one, pending,
// cleared and fired (Node's Timeout[inspect.custom]). `_idleStart` is the
// loop's clock, printed as N. Node gives every Timeout an async id and a
// trigger id; jsloop gives them only while async hooks are on, so the two
// lines that show them are left out of the inspected text.
const util = require('util');
const show = (label, t) => {
  const text = util.inspect(t)
    .replace(/_idleStart: \d+/g, '_idleStart: N')
    .split('\n').filter((line) => !/Symbol\((asyncId|triggerId)\)/.test(line)).join('\n');
  console.log(`${label}: ${text}`);
};
for (const f of [setTimeout, setInterval, setImmediate, clearTimeout, clearInterval, clearImmediate]) {
  console.log(`${f.name} ${f.length}`);
}
function cb(a, b) {
  console.log(`fired with ${a} ${b}, this is the Timeout: ${this === t}`);
  console.log(`in its callback: destroyed ${t._destroyed}, idle ${t._idleTimeout}`);
  setImmediate(() => {
    show('fired', t);
    console.log(`after: destroyed ${t._destroyed}, onTimeout ${t._onTimeout === cb}, args ${JSON.stringify(t._timerArgs)}`);
    clearTimeout(t);
    console.log(`cleared after it fired: idle ${t._idleTimeout}, onTimeout ${t._onTimeout}, args ${t._timerArgs}`);
    const i = setInterval(function tick() {
      console.log(`interval: repeat ${i._repeat}, idle ${i._idleTimeout}, this ${this === i}`);
      clearInterval(i);
      console.log(`interval cleared: idle ${i._idleTimeout}, destroyed ${i._destroyed}, onTimeout ${i._onTimeout}`);
      setImmediate(() => console.log(`after it returned: onTimeout ${i._onTimeout}, args ${i._timerArgs}`));
    }, 5);
    show('interval', i);
  });
}
const t = setTimeout(cb, 10, 'x', 2);
console.log(`typeof idleStart ${typeof t._idleStart}, idle ${t._idleTimeout}, repeat ${t._repeat}, destroyed ${t._destroyed}`);
console.log(`hasRef ${t.hasRef()}, unref returns it ${t.unref() === t}, hasRef ${t.hasRef()}, ref ${t.ref() === t}, hasRef ${t.hasRef()}`);
console.log(`refresh returns it ${t.refresh() === t}, primitive is a number ${typeof +t === 'number'}, same ${+t === t[Symbol.toPrimitive]()}`);
console.log(`constructor ${t.constructor.name}, methods ${['ref', 'unref', 'hasRef', 'refresh', 'close'].map((m) => typeof t[m]).join(' ')}, dispose ${typeof t[Symbol.dispose]}`);
show('pending', t);
const c = setTimeout(() => console.log('never'), 1);
clearTimeout(c);
console.log(`cleared: idle ${c._idleTimeout}, destroyed ${c._destroyed}, onTimeout ${c._onTimeout}, args ${c._timerArgs}`);
const d = setTimeout(() => console.log('never'), 1);
d.close();
console.log(`closed: idle ${d._idleTimeout}, destroyed ${d._destroyed}`);
const e = setTimeout(() => console.log('never'), 1);
clearTimeout(String(+e));
console.log(`cleared by its id as a string: destroyed ${e._destroyed}`);
const u = setTimeout(() => console.log('emptied: never called'), 1);
u._onTimeout = null;
console.log(`an emptied one reads ${u._onTimeout}`);
clearTimeout(u);
console.log(`clearTimeout leaves an emptied one: idle ${u._idleTimeout}, destroyed ${u._destroyed}`);
// structuredClone walks a Timeout's fields as Node's own properties, and
// the callback cannot be cloned. (A delay no other timer has: Node's walk
// goes through its list to the other timers in it.)
const lone = setTimeout(function notCloned() {}, 7);
try { structuredClone(lone); } catch (e) { console.log(`${e.name}: ${e.message}`); }
clearTimeout(lone);

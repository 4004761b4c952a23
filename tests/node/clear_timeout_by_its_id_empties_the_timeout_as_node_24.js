// Recorded with: node tests/node/clear_timeout_by_its_id_empties_the_timeout_as_node_24.js
// clearTimeout/clearInterval given a Timeout's id (its primitive value, as a
// number or a string) unenroll that Timeout as they would the object (Node
// 24's lib/timers.js finds it in knownTimersById): `_onTimeout` and
// `_timerArgs` emptied, `_idleTimeout` -1, `_destroyed`; inside its own
// callback `_onTimeout` is null until the callback returns. An id of a
// timer that already fired changes nothing.
const show = (label, t) =>
  console.log(label, typeof t._onTimeout, t._onTimeout === null ? 'null' : '', t._idleTimeout, t._destroyed, t._timerArgs, t._repeat);

const t = setTimeout(() => console.log('t fired'), 10);
clearTimeout(+t);
show('number:', t);

const u = setTimeout((a) => console.log('u fired', a), 10, 'x');
clearTimeout(String(+u));
show('string:', u);

const v = setInterval(() => console.log('v fired'), 10);
clearInterval(+v);
show('interval:', v);
clearTimeout(+v);
show('again:', v);

const w = setTimeout(function () {
  clearTimeout(+this);
  show('inside:', this);
}, 1);
const x = setTimeout((a) => console.log('x fired', a), 2, 'y');
const xid = +x;
setTimeout(() => {
  show('after:', w);
  clearTimeout(xid);
  show('fired, then by id:', x);
}, 20);

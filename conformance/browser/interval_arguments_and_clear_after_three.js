// setInterval passes its extra arguments each time; clearing it from its
// own callback stops it.
const log = (s) => console.log(s);
let n = 0;
const id = setInterval((a, b) => {
  log('interval ' + ++n + ' ' + a + b);
  Promise.resolve().then(() => log('microtask after ' + n));
  if (n === 3) { clearInterval(id); setTimeout(() => { log('after clear'); console.log('__done__'); }, 40); }
}, 20, 'x', 'y');

// setInterval passes its extra arguments every time and stops when cleared
// from its own callback.
const log = (s) => console.log(s);
setImmediate(() => {
  let n = 0;
  const id = setInterval((a, b) => {
    n++;
    log('interval ' + n + ' ' + a + b);
    if (n === 3) {
      clearInterval(id);
      setTimeout(() => log('after clear'), 40);
    }
  }, 30, 'x', 'y');
});

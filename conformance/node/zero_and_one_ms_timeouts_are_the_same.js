// Node treats setTimeout(f, 0) as 1 ms: started in a timer, 0 and 1 fire in
// start order; a 20 ms timer comes after both.
const log = (s) => console.log(s);
setTimeout(() => {
  setTimeout(() => log('1 ms (first)'), 1);
  setTimeout(() => log('0 ms (second)'), 0);
  setTimeout(() => log('1 ms (third)'), 1);
  setTimeout(() => log('20 ms'), 20);
}, 5);

// The IdleDeadline: didTimeout false when run in an idle period, and
// timeRemaining() between 0 and 50 ms.
const log = (s) => console.log(s);
requestIdleCallback((d) => {
  const r = d.timeRemaining();
  log('didTimeout ' + d.didTimeout + ' timeRemaining in [0, 50] ' + (r >= 0 && r <= 50));
  console.log('__done__');
});

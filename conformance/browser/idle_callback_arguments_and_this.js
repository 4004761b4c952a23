// An idle callback gets exactly one argument, an IdleDeadline.
const log = (s) => console.log(s);
requestIdleCallback(function (d) {
  log('arguments ' + arguments.length + ' IdleDeadline ' + (d instanceof IdleDeadline) + ' has timeRemaining ' + (typeof d.timeRemaining));
  console.log('__done__');
}, { timeout: 1000 });

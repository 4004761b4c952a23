// requestIdleCallback: the callback runs in an idle period, after the tasks
// that are runnable, with a deadline no later than 50 ms away; a callback
// requested during an idle period waits for the next idle period.
requestIdleCallback((deadline) => {
  const remaining = deadline.timeRemaining();
  console.log('idle 1: didTimeout ' + deadline.didTimeout + ', time remaining in (0, 50]: ' + (remaining > 0 && remaining <= 50));
  requestIdleCallback(() => console.log('idle 2 (next idle period)'));
  setTimeout(() => console.log('timeout set from idle 1'), 0);
});
setTimeout(() => console.log('timeout 0'), 0);
Promise.resolve().then(() => console.log('microtask'));
const cancelled = requestIdleCallback(() => console.log('cancelled: must not run'));
cancelIdleCallback(cancelled);
console.log('script');

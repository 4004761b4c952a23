// The frame timestamp is not later than performance.now() inside the callback
// and not earlier than the time the script ran.
const log = (s) => console.log(s);
const start = performance.now();
requestAnimationFrame((t) => {
  log('timestamp <= now ' + (t <= performance.now()));
  log('timestamp is a number ' + (typeof t));
  log('now after script ' + (performance.now() >= start));
  console.log('__done__');
});

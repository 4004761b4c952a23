// A timer whose timeout elapses while a task runs joins the timer queue only
// when the loop next chooses a task: the tasks that task queued after the
// timer's deadline (a message, the unhandledrejection notification) still
// run first, and so does a zero timeout started then (queued at once). So
// the order does not depend on how long a task takes.
const log = (s) => console.log(s);
window.addEventListener('unhandledrejection', (e) => {
  log('unhandledrejection ' + e.reason);
  e.preventDefault();
});
const ch = new MessageChannel();
ch.port1.onmessage = (e) => log('message ' + e.data);
setTimeout(() => log('timeout 10'), 10);
setTimeout(() => log('timeout 5'), 5);
// Run on past both deadlines.
const start = performance.now();
while (performance.now() - start < 40) {}
ch.port2.postMessage('posted after both deadlines');
setTimeout(() => log('timeout 0'), 0);
Promise.reject('rejected after both deadlines');
log('script');

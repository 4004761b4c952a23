// jsloop-test: virtual-only (under the real clock a loaded machine can run the
// script past the 10 ms timer's deadline, and the timer's task is then queued
// before the notification task, in jsloop as in a browser)
// Rejections not handled by the end of a microtask checkpoint are notified
// in a task (unhandledrejection), and a late handler fires rejectionhandled.
window.addEventListener('unhandledrejection', (e) => {
  console.log('unhandledrejection: ' + e.reason);
  e.preventDefault();
});
window.addEventListener('rejectionhandled', (e) => console.log('rejectionhandled: ' + e.reason));
const handledInTime = Promise.reject('handled in time');
Promise.resolve().then(() => handledInTime.catch(() => console.log('caught in a microtask')));
const late = Promise.reject('late');
setTimeout(() => {
  late.catch(() => console.log('caught late'));
}, 10);
console.log('script');

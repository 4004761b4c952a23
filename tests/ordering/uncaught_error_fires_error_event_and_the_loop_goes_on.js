// An exception in a task is reported (an ErrorEvent at the window) and the
// loop goes on with the next task.
window.addEventListener('error', (e) => {
  console.log('error event: ' + e.message + ' at line ' + e.lineno + ', error is ' + e.error.constructor.name);
});
setTimeout(() => {
  throw new TypeError('from a timer');
}, 0);
setTimeout(() => console.log('next timer still runs'), 1);
Promise.resolve().then(() => console.log('microtask after the script'));
console.log('script');

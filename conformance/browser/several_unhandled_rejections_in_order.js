// Unhandled rejections are reported in the order they were rejected.
const log = (s) => console.log(s);
let n = 0;
window.addEventListener('unhandledrejection', (e) => {
  log('unhandledrejection ' + e.reason);
  e.preventDefault();
  if (++n === 3) setTimeout(() => console.log('__done__'), 0);
});
Promise.reject('first');
Promise.resolve().then(() => { Promise.reject('from a job'); });
Promise.reject('second');
log('script end');

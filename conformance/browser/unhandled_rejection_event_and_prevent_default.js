// unhandledrejection fires in a task after the checkpoint; handled-in-time
// rejections are not reported; rejectionhandled fires for a late catch.
const log = (s) => console.log(s);
window.addEventListener('unhandledrejection', (e) => {
  log('unhandledrejection ' + e.reason + ' promise ' + (e.promise instanceof Promise));
  e.preventDefault();
});
window.addEventListener('rejectionhandled', (e) => { log('rejectionhandled ' + e.reason); console.log('__done__'); });
const late = Promise.reject('late');
Promise.reject('handled in time').catch(() => log('caught in time'));
Promise.resolve().then(() => log('microtask'));
setTimeout(() => { log('timeout catches late'); late.catch(() => log('late caught')); }, 0);
log('script');

// An unhandled rejection fires 'unhandledrejection'; a handler attached
// later fires 'rejectionhandled' with the same promise.
const log = (s) => console.log(s);
let kept;
window.addEventListener('unhandledrejection', (e) => {
  log('unhandledrejection ' + e.reason + ' cancelable ' + e.cancelable);
  kept = e.promise;
  e.preventDefault();
  setTimeout(() => { log('timer attaches catch'); kept.catch((r) => log('caught ' + r)); }, 20);
});
window.addEventListener('rejectionhandled', (e) => {
  log('rejectionhandled same promise ' + (e.promise === kept) + ' reason ' + e.reason);
  console.log('__done__');
});
Promise.reject('late');

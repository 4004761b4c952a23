// window.postMessage: delivered as a task, after the script's microtasks, in
// post order.
const log = (s) => console.log(s);
let n = 0;
window.addEventListener('message', (e) => {
  log('message ' + JSON.stringify(e.data) + ' source is window ' + (e.source === window) + ' origin is a string ' + (typeof e.origin === 'string'));
  Promise.resolve().then(() => log('promise after ' + e.data.n));
  if (++n === 2) console.log('__done__');
});
window.postMessage({ n: 1 }, '*');
window.postMessage({ n: 2 }, '*');
Promise.resolve().then(() => log('script promise'));
log('script');

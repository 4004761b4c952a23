// Animation frame callbacks requested together run in one frame, in order,
// with one timestamp and a microtask checkpoint after each; one requested
// inside a callback runs in a later frame.
const log = (s) => console.log(s);
let first;
requestAnimationFrame((t) => {
  first = t;
  log('raf 1');
  Promise.resolve().then(() => log('promise after raf 1'));
  requestAnimationFrame((t2) => { log('raf 3 (next frame) later ' + (t2 > first)); console.log('__done__'); });
});
requestAnimationFrame((t) => log('raf 2 same timestamp ' + (t === first)));
Promise.resolve().then(() => log('script promise'));
log('script');

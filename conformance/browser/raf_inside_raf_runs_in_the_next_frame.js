// A frame callback requested inside a frame callback waits for the next
// frame (a later timestamp); ones requested before the frame share it.
const log = (s) => console.log(s);
let t1;
requestAnimationFrame((t) => {
  t1 = t;
  log('frame 1 a');
  requestAnimationFrame((t2) => { log('frame 2, later timestamp ' + (t2 > t1)); console.log('__done__'); });
});
requestAnimationFrame((t) => log('frame 1 b, same timestamp ' + (t === t1)));

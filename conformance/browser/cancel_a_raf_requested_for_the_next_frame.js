// A callback requested during a frame (for the next frame) can be
// canceled before that frame.
const log = (s) => console.log(s);
requestAnimationFrame(() => {
  log('frame 1');
  const next = requestAnimationFrame(() => log('never'));
  requestAnimationFrame(() => { log('frame 2'); console.log('__done__'); });
  cancelAnimationFrame(next);
  cancelAnimationFrame(next);
  cancelAnimationFrame(99999);
});

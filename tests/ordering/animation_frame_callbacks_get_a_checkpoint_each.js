// Run the animation frame callbacks: each callback is invoked by the host,
// so a microtask checkpoint runs after each; a callback registered during
// the frame waits for the next frame; one cancelled during the frame never
// runs.
let laterHandle = 0;
requestAnimationFrame((t1) => {
  console.log('rAF a');
  Promise.resolve().then(() => console.log('microtask after a'));
  cancelAnimationFrame(laterHandle);
  requestAnimationFrame((t2) => console.log('rAF from a, next frame: ' + (t2 > t1)));
});
laterHandle = requestAnimationFrame(() => console.log('rAF b (cancelled by a)'));
requestAnimationFrame(() => console.log('rAF c'));
console.log('script');

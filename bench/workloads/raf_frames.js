// raf_frames: N animation frames, each requesting the next (run with
// --clock virtual: 60 frames per second of virtual time, no waiting).
(function () {
  const N = Math.round(10_000 * (globalThis.BENCH_SCALE ?? 1));
  let frames = 0;
  let last = -1;
  let increasing = true;
  function frame(t) {
    if (!(t > last)) increasing = false;
    last = t;
    if (++frames < N) requestAnimationFrame(frame);
    else console.log(`raf_frames ${frames} increasing=${increasing}`);
  }
  requestAnimationFrame(frame);
})();

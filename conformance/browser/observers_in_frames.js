// ResizeObserver and IntersectionObserver in the rendering steps: a new
// observation's first notification comes in the next frame, the
// ResizeObserver callback after the animation frame callbacks (Step 16 of
// update the rendering, with a microtask checkpoint after it), the
// IntersectionObserver's as a task queued in that frame (Step 19), before
// the next frame. Only what needs no layout is printed: an element that is
// not rendered has an empty box, and an element with no height intersects
// the viewport with ratio 1 (jsloop has no layout: docs/deviations.md).
const hidden = document.createElement('div'); hidden.style.display = 'none'; document.body.appendChild(hidden);
const detached = document.createElement('div');
const shown = document.createElement('div'); document.body.appendChild(shown);
const name = (t) => (t === hidden ? 'hidden' : t === detached ? 'detached' : 'shown');
const r = (x) => (x === null ? 'null' : `${x.constructor.name}(${x.x},${x.y},${x.width},${x.height})`);
const ro = new ResizeObserver(function (entries, obs) {
  console.log('ro callback', entries.length, obs === ro, this === ro);
  for (const e of entries) {
    const size = e.target === shown ? '' : `${r(e.contentRect)} ${e.contentBoxSize[0].inlineSize}x${e.contentBoxSize[0].blockSize}`;
    console.log(' ', name(e.target), e.constructor.name, e.borderBoxSize.length, e.contentBoxSize[0].constructor.name, e.devicePixelContentBoxSize.length, Object.isFrozen(e.borderBoxSize), size);
  }
  Promise.resolve().then(() => console.log('microtask after ro'));
});
ro.observe(hidden); ro.observe(detached); ro.observe(shown, { box: 'border-box' });
const io = new IntersectionObserver(function (entries, obs) {
  console.log('io callback', entries.length, obs === io, this === io, obs.thresholds.join(), obs.root, obs.rootMargin, obs.scrollMargin);
  for (const e of entries) console.log(' ', name(e.target), e.constructor.name, e.isIntersecting, e.intersectionRatio, r(e.rootBounds), typeof e.time, e.time > 0, e.isVisible);
  Promise.resolve().then(() => console.log('microtask after io'));
}, { threshold: [1, 0, 0.5] });
io.observe(hidden); io.observe(detached); io.observe(shown); io.observe(shown);
console.log('takeRecords before a frame', io.takeRecords().length);
requestAnimationFrame(() => {
  console.log('raf 1');
  Promise.resolve().then(() => console.log('microtask after raf'));
  requestAnimationFrame(() => {
    console.log('raf 2');
    ro.disconnect();
    document.body.appendChild(detached);
    hidden.style.display = 'block';
    io.unobserve(shown);
    requestAnimationFrame(() => {
      console.log('raf 3', io.takeRecords().length);
      shown.remove();
      detached.remove();
      io.observe(shown);
      requestAnimationFrame(() => {
        console.log('raf 4: takeRecords', io.takeRecords().map((e) => `${name(e.target)} ${e.isIntersecting}`).join(', '));
        io.disconnect();
        requestAnimationFrame(() => console.log('raf 5'));
      });
    });
  });
});

// A ResizeObserver callback that observes elements no deeper than the one
// just reported: those observations are skipped in this frame's loop, the
// loop error is an ErrorEvent fired at the window (nothing is written to the
// console), and they are delivered in the next frame.
const outer = document.createElement('div');
const inner = document.createElement('span');
outer.appendChild(inner);
document.body.appendChild(outer);
window.addEventListener('error', (e) => console.log('error event', e.constructor.name, e.message, e.filename === document.URL, e.error, e.cancelable));
let round = 0;
const ro = new ResizeObserver((entries) => {
  round++;
  console.log('ro', round, entries.map((e) => e.target.localName).join());
  if (round === 1) { ro.observe(document.body); ro.observe(outer); }
});
ro.observe(inner);
requestAnimationFrame(() => { console.log('raf 1'); requestAnimationFrame(() => console.log('raf 2')); });

// Events go through the tree: capture from window down to the parent, at
// target, then bubble back up (only if the event bubbles); the path is
// fixed before dispatch; stopPropagation stops at the current target,
// stopImmediatePropagation at once.
for (const s of document.querySelectorAll('script')) s.remove(); // the recorder's page has one
const outer = document.createElement('div');
outer.id = 'outer';
const inner = document.createElement('div');
inner.id = 'inner';
outer.appendChild(inner);
document.body.appendChild(outer);
const nameOf = (t) => (t === window ? 'window' : t === document ? 'document' : t.id || t.localName);
const targets = [window, document, document.documentElement, document.body, outer, inner];
let stopAt = null, stopImmediateAt = null;
for (const t of targets) {
  t.addEventListener('ping', (e) => {
    console.log(`  capture ${nameOf(t)} phase=${e.eventPhase} target=${nameOf(e.target)} current=${nameOf(e.currentTarget)}`);
    if (stopAt === 'capture ' + nameOf(t)) e.stopPropagation();
  }, true);
  t.addEventListener('ping', (e) => {
    console.log(`  bubble ${nameOf(t)} phase=${e.eventPhase}`);
    if (stopAt === 'bubble ' + nameOf(t)) e.stopPropagation();
    if (stopImmediateAt === nameOf(t)) e.stopImmediatePropagation();
  });
  t.addEventListener('ping', () => console.log(`  bubble ${nameOf(t)} second listener`));
}
function fire(label, init) {
  console.log(label);
  const e = new Event('ping', init);
  const r = inner.dispatchEvent(e);
  console.log(`  -> returned ${r}, phase after ${e.eventPhase}, target after ${nameOf(e.target)}, currentTarget after ${e.currentTarget}`);
}
fire('bubbles', { bubbles: true });
fire('does not bubble', { bubbles: false });
stopAt = 'capture body';
fire('stopPropagation in capture at body', { bubbles: true });
stopAt = 'bubble outer';
fire('stopPropagation in bubble at outer', { bubbles: true });
stopAt = null;
stopImmediateAt = 'outer';
fire('stopImmediatePropagation at outer', { bubbles: true });
stopImmediateAt = null;
console.log('composedPath');
inner.addEventListener('path', (e) => console.log('  ' + e.composedPath().map(nameOf).join(' > ')));
inner.dispatchEvent(new Event('path'));
console.log('path fixed before dispatch');
outer.addEventListener('move', () => { console.log('  outer: moving inner out'); document.body.appendChild(inner); }, true);
document.body.addEventListener('move', () => console.log('  body bubble'));
outer.addEventListener('move', () => console.log('  outer bubble (still on the path)'));
inner.dispatchEvent(new Event('move', { bubbles: true }));
console.log('preventDefault');
inner.addEventListener('cancel-me', (e) => e.preventDefault());
console.log('  cancelable:', inner.dispatchEvent(new Event('cancel-me', { cancelable: true })));
console.log('  not cancelable:', inner.dispatchEvent(new Event('cancel-me')));
console.log('listener added during dispatch does not run');
inner.addEventListener('late', () => { console.log('  first'); inner.addEventListener('late', () => console.log('  added late')); });
inner.dispatchEvent(new Event('late'));
console.log('second dispatch');
inner.dispatchEvent(new Event('late'));
console.log('handleEvent object');
inner.addEventListener('obj', { handleEvent(e) { console.log('  handleEvent this ok:', this.handleEvent !== undefined, e.type); } });
inner.dispatchEvent(new Event('obj'));
console.log('window.event', window.event);
inner.addEventListener('we', (e) => console.log('  window.event is the event:', window.event === e));
inner.dispatchEvent(new Event('we'));

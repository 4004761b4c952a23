// A synthetic bubbling event through a DOM tree: capture, target, bubble, and
// the microtasks queued meanwhile run only after dispatch.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const outer = document.createElement('div');
const inner = document.createElement('span');
outer.appendChild(inner);
document.body.appendChild(outer);
outer.addEventListener('tap', () => log('outer capture'), true);
outer.addEventListener('tap', (e) => { log('outer bubble, phase ' + e.eventPhase); Promise.resolve().then(() => log('promise from outer')); });
inner.addEventListener('tap', (e) => { log('inner, phase ' + e.eventPhase); Promise.resolve().then(() => log('promise from inner')); });
document.body.addEventListener('tap', () => log('body bubble'));
inner.dispatchEvent(new Event('tap', { bubbles: true }));
log('after dispatch');

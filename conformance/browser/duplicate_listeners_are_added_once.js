// The same function is added once per capture flag; options besides capture
// do not make a new entry.
const log = (s) => console.log(s);
const t = new EventTarget();
const f = (e) => log('f, phase ' + e.eventPhase);
t.addEventListener('x', f);
t.addEventListener('x', f);
t.addEventListener('x', f, { once: true });
t.addEventListener('x', f, true);
t.dispatchEvent(new Event('x'));
log('again');
t.removeEventListener('x', f, true);
t.dispatchEvent(new Event('x'));

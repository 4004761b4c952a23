// Removing a listener that has not run yet during a dispatch stops it.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const t = new EventTarget();
const b = () => log('b: never');
t.addEventListener('x', () => { log('a removes b'); t.removeEventListener('x', b); });
t.addEventListener('x', b);
t.addEventListener('x', () => log('c'));
t.dispatchEvent(new Event('x'));

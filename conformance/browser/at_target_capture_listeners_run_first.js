// At the target, capturing listeners run before non-capturing ones, whatever
// order they were added in.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const d = document.createElement('div');
document.body.appendChild(d);
d.addEventListener('x', () => log('target bubble listener (added first)'));
d.addEventListener('x', () => log('target capture listener'), true);
document.body.addEventListener('x', () => log('body bubble'));
document.body.addEventListener('x', () => log('body capture'), { capture: true });
d.dispatchEvent(new Event('x', { bubbles: true }));

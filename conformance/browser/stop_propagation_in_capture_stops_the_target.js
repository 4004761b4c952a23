// stopPropagation in a capturing listener: the rest of that object's
// listeners run, nothing further along the path does.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const d = document.createElement('div');
document.body.appendChild(d);
document.body.addEventListener('x', (e) => { log('body capture 1 stops'); e.stopPropagation(); }, true);
document.body.addEventListener('x', () => log('body capture 2 still runs'), true);
d.addEventListener('x', () => log('target: never'));
document.body.addEventListener('x', () => log('body bubble: never'));
log('dispatch returned ' + d.dispatchEvent(new Event('x', { bubbles: true })));

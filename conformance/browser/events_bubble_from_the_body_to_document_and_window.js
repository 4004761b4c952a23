// A bubbling event on an element reaches document and then window; capture
// starts at window.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const d = document.createElement('div');
document.body.appendChild(d);
window.addEventListener('x', () => log('window capture'), true);
document.addEventListener('x', () => log('document capture'), true);
d.addEventListener('x', (e) => log('target, path length ' + e.composedPath().length));
document.documentElement.addEventListener('x', () => log('html bubble'));
document.addEventListener('x', () => log('document bubble'));
window.addEventListener('x', (e) => log('window bubble, currentTarget is window ' + (e.currentTarget === window)));
d.dispatchEvent(new Event('x', { bubbles: true }));

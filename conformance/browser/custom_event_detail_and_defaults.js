// CustomEvent carries detail; events do not bubble and are not cancelable
// by default, so preventDefault does nothing.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const d = document.createElement('div');
document.body.appendChild(d);
document.body.addEventListener('c', () => log('body: never (no bubbling)'));
d.addEventListener('c', (e) => { e.preventDefault(); log('detail ' + JSON.stringify(e.detail) + ' bubbles ' + e.bubbles + ' cancelable ' + e.cancelable + ' defaultPrevented ' + e.defaultPrevented); });
log('returned ' + d.dispatchEvent(new CustomEvent('c', { detail: { a: 1 } })));

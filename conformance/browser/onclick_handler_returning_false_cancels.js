// An event handler property returning false cancels the event; its
// position among the listeners is where it was first set.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const d = document.createElement('div');
document.body.appendChild(d);
d.addEventListener('click', () => log('listener 1'));
d.onclick = () => { log('onclick (first set)'); return true; };
d.addEventListener('click', (e) => log('listener 2, defaultPrevented ' + e.defaultPrevented));
d.onclick = () => { log('onclick (replaced) returns false'); return false; };
const ev = new MouseEvent('click', { cancelable: true, bubbles: true });
log('returned ' + d.dispatchEvent(ev));

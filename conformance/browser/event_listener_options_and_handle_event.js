// once, handleEvent objects, duplicate registrations, removal during dispatch.
const log = (s) => console.log(s);
const t = new EventTarget();
const obj = { handleEvent(e) { log('handleEvent ' + e.type + ' this ok ' + (this === obj)); } };
function dup() { log('dup'); }
t.addEventListener('x', dup);
t.addEventListener('x', dup);
t.addEventListener('x', obj);
t.addEventListener('x', () => log('once'), { once: true });
t.addEventListener('x', () => { log('removes last'); t.removeEventListener('x', last); });
function last() { log('last (removed before it runs)'); }
t.addEventListener('x', last);
t.dispatchEvent(new Event('x'));
log('second dispatch');
t.dispatchEvent(new Event('x'));

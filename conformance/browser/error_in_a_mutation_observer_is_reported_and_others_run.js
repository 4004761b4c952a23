// An exception in one observer's callback is reported; the next observer
// is still notified in the same checkpoint.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
window.addEventListener('error', (e) => { log('error event ' + e.message.replace(/^Uncaught /, '')); e.preventDefault(); });
const d = document.createElement('div');
document.body.appendChild(d);
new MutationObserver(() => { log('observer 1 throws'); throw new Error('observer failed'); }).observe(d, { attributes: true });
new MutationObserver(() => log('observer 2')).observe(d, { attributes: true });
Promise.resolve().then(() => log('promise'));
d.setAttribute('a', '1');

// A MutationObserver callback is queued as a microtask behind the ones already
// queued; mutations it makes are delivered in a later callback.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const div = document.createElement('div');
document.body.appendChild(div);
let calls = 0;
const mo = new MutationObserver((records) => {
  calls++;
  log('observer call ' + calls + ': ' + records.map((r) => r.type + (r.attributeName ? ':' + r.attributeName : '')).join(' '));
  if (calls === 1) { div.setAttribute('b', '1'); Promise.resolve().then(() => log('promise from observer')); }
});
mo.observe(div, { attributes: true, childList: true });
Promise.resolve().then(() => log('promise before mutation'));
div.setAttribute('a', '1');
div.appendChild(document.createElement('p'));
Promise.resolve().then(() => log('promise after mutation'));
log('script end');

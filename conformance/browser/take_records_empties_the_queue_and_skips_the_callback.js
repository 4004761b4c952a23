// takeRecords() returns the pending records and empties the queue, so the
// callback is not called for them.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const d = document.createElement('div');
document.body.appendChild(d);
const mo = new MutationObserver((rs) => log('callback with ' + rs.length));
mo.observe(d, { attributes: true });
d.setAttribute('a', '1');
d.setAttribute('b', '1');
const taken = mo.takeRecords();
log('took ' + taken.length + ': ' + taken.map((r) => r.attributeName).join(','));
log('again ' + mo.takeRecords().length);
setTimeout(() => { d.setAttribute('c', '1'); log('timer mutated'); setTimeout(() => console.log('__done__'), 0); }, 0);

// One observer on several nodes gets one batch, in the order of the mutations.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const x = document.createElement('div'); x.id = 'x';
const y = document.createElement('div'); y.id = 'y';
document.body.append(x, y);
const mo = new MutationObserver((rs) => log(rs.map((r) => r.target.id + ':' + r.attributeName).join(' ')));
mo.observe(x, { attributes: true });
mo.observe(y, { attributes: true });
y.setAttribute('one', '1');
x.setAttribute('two', '1');
y.setAttribute('three', '1');

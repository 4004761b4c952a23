// attributeFilter limits the records; attributeOldValue gives the old value.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const d = document.createElement('div');
d.setAttribute('keep', 'old');
document.body.appendChild(d);
new MutationObserver((rs) => {
  for (const r of rs) log(r.attributeName + ' old ' + r.oldValue + ' new ' + d.getAttribute(r.attributeName));
}).observe(d, { attributeFilter: ['keep', 'gone'], attributeOldValue: true });
d.setAttribute('keep', 'new');
d.setAttribute('ignored', '1');
d.setAttribute('gone', 'x');
d.removeAttribute('gone');

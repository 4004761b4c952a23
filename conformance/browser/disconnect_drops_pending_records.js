// disconnect() drops the records not yet delivered; observing again starts fresh.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const d = document.createElement('div');
document.body.appendChild(d);
const mo = new MutationObserver((rs) => log('callback: ' + rs.map((r) => r.attributeName).join(',')));
mo.observe(d, { attributes: true });
d.setAttribute('dropped', '1');
mo.disconnect();
d.setAttribute('unobserved', '1');
mo.observe(d, { attributes: true });
d.setAttribute('seen', '1');

// Calling observe() again on the same node replaces the options.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const d = document.createElement('div');
document.body.appendChild(d);
const mo = new MutationObserver((rs) => log('records: ' + rs.map((r) => r.type).join(',')));
mo.observe(d, { attributes: true });
mo.observe(d, { childList: true });
d.setAttribute('a', '1');
d.appendChild(document.createElement('p'));

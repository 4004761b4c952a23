// Many mutations in one task reach the observer in one callback, in order.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const d = document.createElement('div');
document.body.appendChild(d);
new MutationObserver((records) => {
  log('callback with ' + records.length + ' records: ' + records.map((r) => r.type + (r.attributeName ? '(' + r.attributeName + ')' : '')).join(' '));
}).observe(d, { attributes: true, childList: true, characterData: true, subtree: true });
d.setAttribute('a', '1');
d.appendChild(document.createTextNode('t'));
d.firstChild.data = 'u';
d.setAttribute('b', '2');
d.removeChild(d.firstChild);
log('script end');

// childList records carry added and removed nodes and siblings; subtree
// reaches descendants.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const root = document.createElement('ul');
document.body.appendChild(root);
const name = (n) => (n ? (n.id || n.nodeName) : 'null');
new MutationObserver((rs) => {
  for (const r of rs) log('target ' + name(r.target) + ' added [' + [...r.addedNodes].map(name) + '] removed [' + [...r.removedNodes].map(name) + '] prev ' + name(r.previousSibling) + ' next ' + name(r.nextSibling));
}).observe(root, { childList: true, subtree: true });
const a = document.createElement('li'); a.id = 'a';
const b = document.createElement('li'); b.id = 'b';
root.append(a, b);
const c = document.createElement('li'); c.id = 'c';
root.insertBefore(c, b);
a.appendChild(document.createElement('em'));
root.removeChild(c);
root.replaceChildren();

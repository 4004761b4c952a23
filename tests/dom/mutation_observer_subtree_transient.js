// A subtree observer keeps seeing a removed subtree until it is notified
// (transient registered observers), then no more.
for (const s of document.querySelectorAll('script')) s.remove(); // the recorder's page has one
const root = document.createElement('div');
root.id = 'root';
const child = document.createElement('p');
child.id = 'child';
const grandchild = document.createElement('span');
grandchild.id = 'grandchild';
child.appendChild(grandchild);
root.appendChild(child);
document.body.appendChild(root);
const name = (n) => n.id || n.nodeName;
const mo = new MutationObserver((rs) => {
  for (const r of rs) console.log(r.type, name(r.target), r.attributeName || [...r.addedNodes, ...r.removedNodes].map(name).join(','));
  console.log('--');
});
mo.observe(root, { subtree: true, attributes: true, childList: true });
root.removeChild(child);
grandchild.setAttribute('seen', 'still');
child.appendChild(document.createElement('b'));
setTimeout(() => {
  grandchild.setAttribute('seen', 'no longer');
  console.log('after the notification: nothing more');
}, 0);

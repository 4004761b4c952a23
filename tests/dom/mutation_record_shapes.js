// The fields of each kind of MutationRecord, printed as strings.
for (const s of document.querySelectorAll('script')) s.remove(); // the recorder's page has one
const name = (n) => n === null ? 'null' : n.nodeType === 1 ? n.localName + (n.id ? '#' + n.id : '') : n.nodeType === 3 ? '#text(' + JSON.stringify(n.data) + ')' : n.nodeName;
const show = (r) => `${r.type} target=${name(r.target)} added=[${[...r.addedNodes].map(name).join(',')}] removed=[${[...r.removedNodes].map(name).join(',')}] ` +
  `prev=${name(r.previousSibling)} next=${name(r.nextSibling)} attributeName=${r.attributeName} attributeNamespace=${r.attributeNamespace} oldValue=${JSON.stringify(r.oldValue)}`;
const mk = (id) => { const e = document.createElement('li'); e.id = id; return e; };
const list = document.createElement('ul');
list.id = 'list';
list.append(mk('a'), mk('b'));
document.body.appendChild(list);
const mo = new MutationObserver((records) => {
  console.log(records.length, 'records');
  for (const r of records) console.log(show(r));
  console.log('record', Object.prototype.toString.call(records[0]), records[0] instanceof MutationRecord, records[0].addedNodes instanceof NodeList);
});
mo.observe(list, { childList: true, subtree: true, attributes: true, attributeOldValue: true, characterData: true, characterDataOldValue: true });
const a = list.querySelector('#a'), b = list.querySelector('#b');
list.appendChild(mk('c'));
list.insertBefore(mk('x'), b);
list.removeChild(a);
list.replaceChild(mk('r'), b);
list.appendChild(list.firstChild);
const frag = document.createDocumentFragment();
frag.append(mk('f1'), mk('f2'));
list.append(frag);
list.firstElementChild.setAttribute('title', 'one');
list.firstElementChild.setAttribute('title', 'two');
list.firstElementChild.removeAttribute('title');
list.firstElementChild.toggleAttribute('hidden');
list.lastChild.textContent = 'hello';
list.lastChild.firstChild.data = 'bye';
list.lastChild.firstChild.appendData('!');
list.lastChild.before('text before', mk('y'));
list.textContent = '';
list.innerHTML = 'plain';

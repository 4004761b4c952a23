// appendChild, insertBefore, removeChild, replaceChild, remove, append,
// prepend, before, after, replaceWith, replaceChildren, cloneNode, contains,
// textContent, sibling and parent accessors, isConnected.
for (const s of document.querySelectorAll('script')) s.remove(); // the recorder's page has one
const show = (n) => [...n.childNodes].map((c) => c.nodeType === 1 ? c.localName + (c.id ? '#' + c.id : '') : c.nodeType === 3 ? JSON.stringify(c.data) : c.nodeName).join(' ');
const mk = (id, tag = 'li') => { const e = document.createElement(tag); e.id = id; return e; };
const ul = document.createElement('ul');
console.log('detached', ul.isConnected, ul.parentNode, ul.ownerDocument === document);
document.body.appendChild(ul);
console.log('attached', ul.isConnected, ul.parentNode === document.body, ul.parentElement.tagName);
const a = mk('a'), b = mk('b'), c = mk('c'), d = mk('d');
console.log('appendChild returns', ul.appendChild(a) === a);
ul.appendChild(b);
ul.insertBefore(c, b);
console.log(show(ul));
ul.insertBefore(d, null);
console.log(show(ul));
ul.appendChild(a);
console.log('move a to end:', show(ul));
console.log('removeChild returns', ul.removeChild(c) === c, show(ul), c.parentNode);
console.log('replaceChild returns', ul.replaceChild(c, b) === b, show(ul), b.parentNode);
d.remove();
console.log('remove:', show(ul));
ul.append('text', mk('e'), 'more');
console.log('append:', show(ul));
ul.prepend(mk('f'));
console.log('prepend:', show(ul));
c.before('before-c', mk('g'));
c.after(mk('h'));
console.log('before/after:', show(ul));
c.replaceWith(mk('i'), 'x');
console.log('replaceWith:', show(ul));
console.log('first/last', ul.firstChild.id, JSON.stringify(ul.lastChild.data), ul.firstElementChild.id, ul.lastElementChild.id, ul.childElementCount, ul.children.length, ul.childNodes.length);
const i = ul.querySelector('#i');
console.log('siblings', JSON.stringify(i.previousSibling.data), JSON.stringify(i.nextSibling.data), i.previousElementSibling.id, i.nextElementSibling.id);
console.log('contains', document.contains(i), ul.contains(i), i.contains(ul), ul.contains(ul), ul.contains(null));
console.log('textContent', JSON.stringify(ul.textContent));
const frag = document.createDocumentFragment();
frag.append(mk('j'), mk('k'));
ul.insertBefore(frag, ul.firstChild);
console.log('fragment:', show(ul), 'fragment now', frag.childNodes.length);
const clone = ul.cloneNode(true);
const shallow = ul.cloneNode(false);
console.log('clone', clone.childNodes.length, shallow.childNodes.length, clone.isConnected, clone.firstChild.id, clone.firstChild === ul.firstChild, clone.isEqualNode(ul));
ul.replaceChildren(mk('z'), 'only');
console.log('replaceChildren:', show(ul));
ul.textContent = 'all text';
console.log('textContent set:', show(ul), ul.firstChild.nodeName, ul.firstChild.nodeType);
ul.textContent = '';
console.log('emptied:', ul.childNodes.length, ul.hasChildNodes());
const text = document.createTextNode('hello');
ul.appendChild(text);
text.data = 'hello world';
text.appendData('!');
console.log('text', text.data, text.length, text.nodeValue, ul.textContent);
const comment = document.createComment('note');
ul.appendChild(comment);
console.log('comment', comment.nodeName, comment.nodeType, comment.data, JSON.stringify(ul.textContent));
for (const [what, f] of [
  ['append ancestor', () => ul.appendChild(document.body)],
  ['insertBefore non-child', () => ul.insertBefore(mk('y'), a)],
  ['removeChild non-child', () => ul.removeChild(a)],
  ['text into document', () => document.appendChild(document.createTextNode('x'))],
  ['second element into document', () => document.appendChild(mk('y', 'div'))],
  ['append null', () => ul.appendChild(null)],
]) {
  try { f(); console.log(what, 'did not throw'); } catch (e) { console.log(what, '->', e.name); }
}
console.log(document.documentElement.tagName, document.head.tagName, document.body.nodeName, document.nodeName, document.nodeType, document.doctype.name);

// NodeIterator and TreeWalker (the DOM Standard's traversal) over one
// tree: every method with whatToShow masks and filters that accept, skip
// and reject; a NodeIterator's reference node when nodes around it are
// removed (its pre-removing steps); and the filter's recursion error.
document.body.innerHTML = '<div id="r"><p id="p1">one<b id="b1">two</b><!--c1--></p><p id="p2"><i id="i1">three</i><span id="s1"><em id="e1">four</em></span></p>five<p id="p3"></p></div>';
const root = document.getElementById('r');
const name = (n) => (n === null ? 'null' : n.nodeType === 1 ? n.id : n.nodeType === 3 ? `"${n.data}"` : n.nodeType === 8 ? `<!--${n.data}-->` : n.nodeName);
const all = (it) => { const out = []; for (let n; (n = it.nextNode());) out.push(name(n)); return out.join(' '); };
console.log('iterator all:', all(document.createNodeIterator(root)));
console.log('iterator elements:', all(document.createNodeIterator(root, NodeFilter.SHOW_ELEMENT)));
console.log('iterator text+comments:', all(document.createNodeIterator(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_COMMENT)));
const noSpan = (n) => (n.nodeName === 'SPAN' ? NodeFilter.FILTER_REJECT : n.nodeName === 'P' ? NodeFilter.FILTER_SKIP : NodeFilter.FILTER_ACCEPT);
console.log('iterator reject span, skip p:', all(document.createNodeIterator(root, NodeFilter.SHOW_ELEMENT, noSpan)));
console.log('iterator acceptNode object:', all(document.createNodeIterator(root, NodeFilter.SHOW_ELEMENT, { acceptNode(n) { return this === undefined ? 2 : n.id.startsWith('p') ? 1 : 3; } })));
const back = document.createNodeIterator(root, NodeFilter.SHOW_ELEMENT);
while (back.nextNode());
const prev = []; for (let n; (n = back.previousNode());) prev.push(name(n));
console.log('iterator backwards:', prev.join(' '), back.pointerBeforeReferenceNode, name(back.referenceNode));
console.log('walker reject span, skip p:', all(document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT, noSpan)));
const w = document.createTreeWalker(root, NodeFilter.SHOW_ALL);
const steps = [];
const step = (m) => steps.push(`${m}=${name(w[m]())}`);
step('firstChild'); step('firstChild'); step('nextSibling'); step('nextSibling'); step('previousSibling'); step('lastChild'); step('parentNode'); step('nextSibling'); step('lastChild'); step('previousNode'); step('previousNode'); step('nextNode'); step('nextNode'); step('nextNode');
console.log('walker steps:', steps.join(' '));
const ws = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT, noSpan);
const s2 = [];
for (const m of ['firstChild', 'nextSibling', 'nextSibling', 'firstChild', 'parentNode', 'lastChild', 'previousSibling', 'previousNode', 'previousNode']) s2.push(`${m}=${name(ws[m]())}`);
console.log('filtered walker steps:', s2.join(' '), 'current', name(ws.currentNode));
ws.currentNode = document.getElementById('e1');
console.log('walker from e1 (inside a rejected span):', name(ws.parentNode()), name(ws.nextNode()), name(ws.previousNode()));
// Pre-removing steps.
const it = document.createNodeIterator(root, NodeFilter.SHOW_ELEMENT);
it.nextNode(); it.nextNode(); it.nextNode();
console.log('iterator at', name(it.referenceNode), it.pointerBeforeReferenceNode);
document.getElementById('b1').remove();
console.log('after removing it:', name(it.referenceNode), it.pointerBeforeReferenceNode, 'next', name(it.nextNode()));
it.previousNode();
console.log('after previousNode:', name(it.referenceNode), it.pointerBeforeReferenceNode);
document.getElementById('p2').remove();
console.log('after removing its next ancestor:', name(it.referenceNode), it.pointerBeforeReferenceNode, 'next', name(it.nextNode()));
const it2 = document.createNodeIterator(root);
console.log('fresh', name(it2.referenceNode), it2.pointerBeforeReferenceNode);
root.firstChild.remove();
console.log('root kept as reference:', name(it2.referenceNode), 'next', name(it2.nextNode()), name(it2.nextNode()));
const it3 = document.createNodeIterator(root);
it3.nextNode(); it3.nextNode();
root.lastChild.remove(); root.lastChild.remove();
console.log('removed the last ones:', name(it3.referenceNode), it3.pointerBeforeReferenceNode, 'next', name(it3.nextNode()));

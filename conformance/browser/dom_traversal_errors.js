// NodeFilter's interface object, and the errors of traversal: a filter that
// calls its own traverser (InvalidStateError), bad roots, filters and
// currentNode values.
console.log(typeof NodeFilter, typeof NodeFilter.prototype, Object.getOwnPropertyNames(NodeFilter).join());
try { NodeFilter(); } catch (e) { console.log(e.name, e.message); }
const root = document.createElement('div');
root.innerHTML = '<p>a<b>b</b></p><!--c--><i>d</i>';
const it = document.createNodeIterator(root, NodeFilter.SHOW_ELEMENT, { acceptNode(n) { if (n.localName === 'b') it.nextNode(); return NodeFilter.FILTER_ACCEPT; } });
try { while (it.nextNode()); } catch (e) { console.log(e.name, e.message); }
const tw = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT, () => { tw.nextNode(); return 1; });
try { tw.nextNode(); } catch (e) { console.log(e.name, e.message); }
try { document.createTreeWalker(); } catch (e) { console.log(e.name, e.message); }
try { document.createTreeWalker({}); } catch (e) { console.log(e.name, e.message); }
try { document.createNodeIterator(root, 1, 5); } catch (e) { console.log(e.name, e.message); }
try { const t2 = document.createTreeWalker(root); t2.currentNode = null; } catch (e) { console.log(e.name, e.message); }
console.log(String(document.createNodeIterator(root)), String(document.createTreeWalker(root)), document.createTreeWalker(root).whatToShow, document.createTreeWalker(root, -1).whatToShow, document.createTreeWalker(root, 1, null).filter);
const f = { acceptNode: () => 1 }; console.log(document.createNodeIterator(root, 1, f).filter === f);
console.log(Object.getOwnPropertyNames(NodeIterator.prototype).sort().join(), Object.getOwnPropertyNames(TreeWalker.prototype).sort().join());

// Element.getClientRects: a DOMRectList, empty for an element with no box
// (display: none, or not connected), one rectangle otherwise.
const hidden = document.createElement('div'); hidden.style.display = 'none'; document.body.appendChild(hidden);
const inner = document.createElement('i'); hidden.appendChild(inner);
const span = document.createElement('span'); document.body.appendChild(span);
const div = document.createElement('div'); document.body.appendChild(div);
const detached = document.createElement('p');
for (const [n, el] of Object.entries({ hidden, inner, span, div, detached, body: document.body, html: document.documentElement })) {
  const l = el.getClientRects();
  console.log(n, l.constructor.name, l.length, String(l), l.item(0) === l[0], l.item(5), l[0] instanceof DOMRect, [...l].length, Object.keys(l).join());
}
console.log(typeof DOMRectList, Object.getOwnPropertyNames(DOMRectList.prototype).sort().join());

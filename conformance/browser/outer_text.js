// HTMLElement's outerText setter: the element is replaced by its text, merged with the Text nodes beside it; with no parent, NoModificationAllowedError.
document.body.innerHTML = '<p>a<b>x</b>c</p>';
const p = document.querySelector('p');
p.querySelector('b').outerText = 'Y';
console.log(p.childNodes.length, p.innerHTML, p.firstChild.data);
const d = document.createElement('div');
try { d.outerText = 'z'; } catch (e) { console.log(e.name, e.message); }

// classList (DOMTokenList), dataset (DOMStringMap) and style
// (CSSStyleDeclaration), each kept in sync with its attribute.
for (const s of document.querySelectorAll('script')) s.remove(); // the recorder's page has one
const el = document.createElement('div');
document.body.appendChild(el);
const cl = el.classList;
console.log('empty', cl.length, JSON.stringify(cl.value), el.getAttribute('class'));
cl.add('a', 'b', 'a');
console.log('add', cl.length, cl.value, el.className, cl.contains('a'), cl.contains('c'));
cl.remove('a', 'zzz');
console.log('remove', cl.value);
console.log('toggle', cl.toggle('c'), cl.toggle('b'), cl.toggle('d', false), cl.toggle('c', true), cl.value);
console.log('replace', cl.replace('c', 'e'), cl.replace('nope', 'f'), cl.value);
el.className = '  x   y x ';
console.log('className', cl.length, cl[0], cl.item(1), cl.item(5), [...cl].join('|'), JSON.stringify(el.className));
cl.add('z');
console.log('normalized by add', JSON.stringify(el.className));
console.log('same object', el.classList === cl, String(cl));
for (const bad of ['', 'a b']) {
  try { cl.add(bad); } catch (e) { console.log(e.name, e.message); }
}
const ds = el.dataset;
ds.fooBar = 'baz';
ds.n = 1;
console.log('dataset', el.getAttribute('data-foo-bar'), el.getAttribute('data-n'), ds.fooBar, typeof ds.n, 'fooBar' in ds, 'nope' in ds);
el.setAttribute('data-from-attr', 'yes');
console.log(Object.keys(ds).join(','), ds.fromAttr);
delete ds.fooBar;
console.log('deleted', el.hasAttribute('data-foo-bar'), Object.keys(ds).join(','));
try { ds['a-b'] = 1; } catch (e) { console.log(e.name, e.message); }
const st = el.style;
st.backgroundColor = 'blue';
st.width = '10px';
console.log('style', st.backgroundColor, st.getPropertyValue('background-color'), st.length, st[0], st.item(1));
console.log('attribute', el.getAttribute('style'));
st.setProperty('color', 'red', 'important');
console.log(st.cssText, st.getPropertyPriority('color'));
console.log('removeProperty', st.removeProperty('width'), st.cssText);
st.backgroundColor = '';
console.log('cleared', JSON.stringify(st.cssText), el.getAttribute('style'));
el.setAttribute('style', 'display: none; margin-top: 5px');
console.log('from attribute', st.display, st.marginTop, st.length, st.cssText);
st.cssText = 'opacity: 0.5';
console.log('cssText', st.opacity, st.display, el.getAttribute('style'));
st.setProperty('--my-var', ' 3 ');
console.log('custom', JSON.stringify(st.getPropertyValue('--my-var')), st.cssText);
st.color = 'green';
st.color = null;
console.log('null clears', JSON.stringify(st.color));
el.removeAttribute('style');
console.log('attribute removed', st.length, JSON.stringify(st.cssText));
console.log(el.outerHTML);

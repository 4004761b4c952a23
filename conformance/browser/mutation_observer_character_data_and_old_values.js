// characterData with old values, attributeFilter and subtree.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const div = document.createElement('div');
const text = document.createTextNode('one');
div.appendChild(text);
document.body.appendChild(div);
new MutationObserver((rs) => {
  for (const r of rs) log(r.type + ' old=' + JSON.stringify(r.oldValue) + ' attr=' + r.attributeName);
}).observe(div, { subtree: true, characterData: true, characterDataOldValue: true, attributes: true, attributeOldValue: true, attributeFilter: ['data-x'] });
text.data = 'two';
text.data = 'three';
div.setAttribute('data-x', 'a');
div.setAttribute('data-y', 'ignored');
div.setAttribute('data-x', 'b');
log('script end');

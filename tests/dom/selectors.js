// querySelector/querySelectorAll, getElementById, getElementsByTagName and
// getElementsByClassName, matches and closest over a tree built by script.
for (const s of document.querySelectorAll('script')) s.remove(); // the recorder's page has one
const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...kids);
  return e;
};
document.body.append(
  el('div', { id: 'main', class: 'box wide' },
    el('ul', { id: 'list' },
      el('li', { class: 'item first', 'data-n': '1' }, 'one'),
      el('li', { class: 'item', 'data-n': '2', lang: 'en-US' }, 'two'),
      el('li', { class: 'item last', 'data-n': '3', title: 'the end' }, 'three')),
    el('p', { class: 'note' }, el('span', { class: 'item' }, 'inside p'))),
  el('section', { id: 'other' }, el('p', {}, 'plain')));
const label = (e) => e.localName + (e.id ? '#' + e.id : '') + (e.className ? '.' + e.className.trim().split(/\s+/).join('.') : '');
const q = (sel) => console.log(JSON.stringify(sel), '->', [...document.querySelectorAll(sel)].map(label).join(' ') || '(none)');
q('li');
q('*');
q('#list');
q('.item');
q('.item.last');
q('[data-n]');
q('[data-n="2"]');
q('[data-n=a3]');
q('[title~=end]');
q('[lang|=en]');
q('[class^=item]');
q('[class$=last]');
q('[class*="tem f"]');
q('[DATA-N="1"]');
q('div li');
q('div > li');
q('ul > li.item');
q('div .item');
q('div > .item');
q('p span, section p');
q('li + li');
q('li.first ~ li');
q('li:first-child');
q('li:last-child');
q('li:nth-child(2)');
q('li:nth-child(odd)');
q('li:not(.first)');
q('div:has(> ul)');
q('LI');
console.log(document.querySelector('li').textContent, document.querySelector('.nothing'));
console.log(document.getElementById('list').localName, document.getElementById('nope'));
const lis = document.getElementsByTagName('li');
const items = document.getElementsByClassName('item');
console.log('live before', lis.length, items.length);
document.getElementById('list').append(el('li', { class: 'item' }, 'four'));
console.log('live after', lis.length, items.length, lis[3].textContent, items.item(4).textContent);
const list = document.getElementById('list');
console.log('scoped', [...list.querySelectorAll('li')].length, list.querySelector(':scope > li').textContent, [...list.querySelectorAll('div li')].length);
console.log('matches', lis[0].matches('.first'), lis[0].matches('ul > li'), lis[1].matches('.first'));
console.log('closest', label(lis[0].closest('div')), lis[0].closest('section'), label(lis[0].closest('li')));
for (const bad of ['', '[data-n=3]', 'a[', '..x', 'div >', '#', 'a,,b', ':nope']) {
  try { document.querySelector(bad); console.log('no error for', bad); } catch (e) { console.log(e.name, e.message); }
}

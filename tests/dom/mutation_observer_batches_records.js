// Several mutations in one script reach a MutationObserver as one batch,
// in one callback, after the script (in a microtask).
for (const s of document.querySelectorAll('script')) s.remove(); // the recorder's page has one
const box = document.createElement('div');
box.id = 'box';
document.body.appendChild(box);
let calls = 0;
const mo = new MutationObserver((records, observer) => {
  calls++;
  console.log('callback', calls, 'records', records.length, 'this is the observer', observer === mo);
  console.log('  types', records.map((r) => r.type).join(' '));
});
mo.observe(box, { childList: true, attributes: true, subtree: true, characterData: true });
box.appendChild(document.createElement('span'));
box.setAttribute('class', 'a');
box.className = 'b';
box.firstChild.textContent = 'text';
box.firstChild.firstChild.data = 'changed';
box.dataset.n = '1';
console.log('script end, callbacks so far', calls);
setTimeout(() => {
  console.log('timer: callbacks', calls);
  box.remove();
  document.body.appendChild(box);
  console.log('timer end');
}, 0);

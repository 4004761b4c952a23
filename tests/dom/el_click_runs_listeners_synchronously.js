// el.click() fires a synthetic click inside the script: both listeners run
// before click() returns, and their microtasks wait until the script ends.
for (const s of document.querySelectorAll('script')) s.remove(); // the recorder's page has one
const outer = document.createElement('div');
outer.id = 'outer';
const inner = document.createElement('div');
inner.id = 'inner';
outer.appendChild(inner);
document.body.appendChild(outer);
function onClick() {
  console.log('click event', this.id);
  Promise.resolve().then(() => console.log('resolved', this.id));
}
inner.addEventListener('click', onClick);
outer.addEventListener('click', onClick);
inner.click();
console.log('script');

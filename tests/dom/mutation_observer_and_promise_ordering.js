// The mutation observer microtask is one job on the one microtask queue:
// queued by the first mutation, it runs after the promise reactions queued
// before it and before those queued after it; mutations made by its
// callback or by later microtasks queue a new one.
for (const s of document.querySelectorAll('script')) s.remove(); // the recorder's page has one
const box = document.createElement('div');
document.body.appendChild(box);
let n = 0;
const mo = new MutationObserver((rs) => {
  console.log('observer', rs.map((r) => r.attributeName).join(','));
  if (++n === 1) {
    box.setAttribute('from-callback', '1');
    Promise.resolve().then(() => console.log('promise from the callback'));
  }
});
mo.observe(box, { attributes: true });
Promise.resolve().then(() => console.log('promise 1'));
box.setAttribute('a', '1');
Promise.resolve().then(() => {
  console.log('promise 2');
  box.setAttribute('from-promise', '1');
});
queueMicrotask(() => console.log('queueMicrotask 3'));
box.setAttribute('b', '1');
setTimeout(() => {
  console.log('timeout');
  box.setAttribute('in-task', '1');
  Promise.resolve().then(() => console.log('promise in task'));
}, 0);
console.log('script end');

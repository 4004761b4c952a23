// Two observers are notified in one microtask, in the order they were
// created, not in the order their records were queued.
for (const s of document.querySelectorAll('script')) s.remove(); // the recorder's page has one
const a = document.createElement('div');
const b = document.createElement('div');
document.body.append(a, b);
const first = new MutationObserver((rs) => {
  console.log('first observer', rs.length);
  Promise.resolve().then(() => console.log('microtask queued by the first observer'));
});
const second = new MutationObserver((rs) => console.log('second observer', rs.length));
first.observe(a, { attributes: true });
second.observe(b, { attributes: true });
Promise.resolve().then(() => console.log('promise queued before any mutation'));
b.setAttribute('x', '1');
a.setAttribute('x', '1');
b.setAttribute('y', '2');
Promise.resolve().then(() => console.log('promise queued after the mutations'));
console.log('script end');

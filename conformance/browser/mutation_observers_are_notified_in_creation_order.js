// Observers are notified in the order they were created, not the order
// they started observing or saw mutations.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const d = document.createElement('div');
document.body.appendChild(d);
const first = new MutationObserver(() => log('observer created first'));
const second = new MutationObserver(() => log('observer created second'));
const third = new MutationObserver(() => log('observer created third'));
third.observe(d, { attributes: true });
second.observe(d, { attributes: true });
first.observe(d, { childList: true });
d.setAttribute('x', '1');
d.appendChild(document.createElement('span'));

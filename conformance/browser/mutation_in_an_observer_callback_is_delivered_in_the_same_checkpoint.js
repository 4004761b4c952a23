// A mutation made in an observer's callback queues a new notification
// behind the microtasks already queued, before the next task.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const d = document.createElement('div');
document.body.appendChild(d);
let round = 0;
new MutationObserver((rs) => {
  round++;
  log('round ' + round + ': ' + rs.map((r) => r.attributeName).join(','));
  if (round < 3) { d.setAttribute('r' + round, '1'); queueMicrotask(() => log('microtask from round ' + round)); }
}).observe(d, { attributes: true });
setTimeout(() => { log('timeout'); console.log('__done__'); }, 0);
d.setAttribute('start', '1');

// Mutations made in separate tasks give separate callbacks; in one task, one.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const div = document.createElement('div');
document.body.appendChild(div);
new MutationObserver((rs) => log('records ' + rs.length + ' ' + rs.map((r) => r.attributeName).join(','))).observe(div, { attributes: true });
setTimeout(() => { div.id = 'one'; div.title = 't'; log('timer 1 done'); }, 0);
setTimeout(() => { div.className = 'c'; log('timer 2 done'); }, 0);
setTimeout(() => { console.log('__done__'); }, 0);

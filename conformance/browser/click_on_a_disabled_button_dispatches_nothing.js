// click() on a disabled form control does nothing.
for (const s of document.querySelectorAll('script')) s.remove();
const log = (s) => console.log(s);
const b = document.createElement('button');
b.disabled = true;
document.body.appendChild(b);
b.addEventListener('click', () => log('click: never'));
b.click();
b.disabled = false;
b.click();

// The event el.click() fires: a PointerEvent (a MouseEvent) that bubbles,
// is cancelable and composed, and is not trusted; onclick returning false
// cancels it; a disabled button ignores click().
for (const s of document.querySelectorAll('script')) s.remove(); // the recorder's page has one
const b = document.createElement('button');
document.body.appendChild(b);
b.addEventListener('click', (e) => {
  console.log(e.constructor.name, e instanceof MouseEvent, e instanceof UIEvent, e.type);
  console.log('bubbles', e.bubbles, 'cancelable', e.cancelable, 'composed', e.composed, 'isTrusted', e.isTrusted);
  console.log('detail', e.detail, 'button', e.button, 'buttons', e.buttons, 'clientX', e.clientX, 'ctrlKey', e.ctrlKey, 'view', e.view === window);
});
console.log('click() returns', b.click());
b.onclick = () => false;
document.addEventListener('click', (e) => console.log('document sees defaultPrevented', e.defaultPrevented));
b.click();
console.log('onclick is the function', typeof b.onclick);
b.onclick = null;
b.click();
b.disabled = true;
b.click();
console.log('disabled: no click');
const m = new MouseEvent('click', { clientX: 5, clientY: 6, button: 2, shiftKey: true, bubbles: true });
console.log(m.clientX, m.clientY, m.x, m.button, m.shiftKey, m.getModifierState('Shift'), m.bubbles, m.isTrusted, m.detail);

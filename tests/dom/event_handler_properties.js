// on<event> properties: one listener added where the handler is first set,
// kept in place when the handler changes, removed when it is set to null.
for (const s of document.querySelectorAll('script')) s.remove(); // the recorder's page has one
const d = document.createElement('div');
document.body.appendChild(d);
d.addEventListener('click', () => console.log('listener 1'));
d.onclick = () => console.log('handler A');
d.addEventListener('click', () => console.log('listener 2'));
d.click();
console.log('--- replace handler: same position');
d.onclick = () => console.log('handler B');
d.click();
console.log('--- null then set again: moves to the end');
d.onclick = null;
d.onclick = () => console.log('handler C');
d.click();
console.log('--- non-function is null:', (d.onclick = 'nope', d.onclick));
document.onclick = (e) => console.log('document.onclick', e.target === d);
window.onclick = (e) => console.log('window.onclick', e.currentTarget === window);
d.click();
document.onclick = null;
window.onclick = null;
console.log('--- content attribute');
d.setAttribute('onclick', 'console.log("attribute handler", this === event.currentTarget, typeof event)');
d.click();
console.log(typeof d.onclick);
d.removeAttribute('onclick');
d.click();
console.log('--- handler this and return value');
d.oncustom = () => console.log('no on-property for custom events');
d.onmouseup = function (e) { console.log('onmouseup this is d', this === d); return false; };
console.log('dispatch returned', d.dispatchEvent(new MouseEvent('mouseup', { cancelable: true })));
console.log('on-properties exist', 'onclick' in d, 'oninput' in d, 'onkeydown' in document, 'onload' in window, 'onDOMContentLoaded' in document);

// Invalid arguments to DOM and event APIs: the TypeErrors and DOMExceptions
// (InvalidCharacterError, HierarchyRequestError, NotFoundError, SyntaxError)
// the platform throws, with their messages.
const log = (s) => console.log(s);
function attempt(label, f) {
  try {
    f();
    log(label + ': no error');
  } catch (e) {
    log(label + ': ' + e.name + ' (' + (e instanceof DOMException ? 'DOMException ' + e.code : e.constructor.name) + '): ' + e.message);
  }
}
const el = document.createElement('div');
const other = document.createElement('span');
attempt('addEventListener("x")', () => el.addEventListener('x'));
attempt('addEventListener("x", 1)', () => el.addEventListener('x', 1));
attempt('addEventListener("x", null)', () => el.addEventListener('x', null));
attempt('addEventListener("x", f, { signal: 1 })', () => el.addEventListener('x', () => {}, { signal: 1 }));
attempt('removeEventListener("x")', () => el.removeEventListener('x'));
attempt('dispatchEvent(1)', () => el.dispatchEvent(1));
attempt('dispatchEvent()', () => el.dispatchEvent());
attempt('dispatchEvent({ type: "x" })', () => el.dispatchEvent({ type: 'x' }));
attempt('new Event()', () => new Event());
attempt('new CustomEvent()', () => new CustomEvent());
attempt('new Event("x", 1)', () => new Event('x', 1));
attempt('new CustomEvent("x", 1)', () => new CustomEvent('x', 1));
attempt('new MutationObserver(1)', () => new MutationObserver(1));
attempt('new MutationObserver()', () => new MutationObserver());
const mo = new MutationObserver(() => {});
attempt('observe()', () => mo.observe());
attempt('observe(node) without options', () => mo.observe(el));
attempt('observe(node, {})', () => mo.observe(el, {}));
attempt('observe(1, { childList: true })', () => mo.observe(1, { childList: true }));
attempt('observe(node, { attributeOldValue, attributes: false })', () => mo.observe(el, { attributeOldValue: true, attributes: false }));
attempt('observe(node, { characterDataOldValue, characterData: false })', () => mo.observe(el, { characterDataOldValue: true, characterData: false }));
attempt('document.createElement("1bad")', () => document.createElement('1bad'));
attempt('document.createElement("a b")', () => document.createElement('a b'));
attempt('document.createElement()', () => document.createElement());
attempt('appendChild(1)', () => el.appendChild(1));
attempt('appendChild()', () => el.appendChild());
attempt('insertBefore(node)', () => el.insertBefore(document.createElement('p')));
attempt('replaceChild(node)', () => el.replaceChild(document.createElement('p')));
attempt('removeChild()', () => el.removeChild());
attempt('document.createTextNode()', () => document.createTextNode());
attempt('document.querySelector()', () => document.querySelector());
attempt('el.querySelector()', () => el.querySelector());
attempt('appendChild(a parent)', () => { el.appendChild(other); other.appendChild(el); });
attempt('appendChild(document)', () => el.appendChild(document));
attempt('removeChild(not a child)', () => el.removeChild(document.createElement('p')));
attempt('insertBefore(node, not a child)', () => el.insertBefore(document.createElement('p'), document.createElement('p')));
attempt('replaceChild(node, not a child)', () => el.replaceChild(document.createElement('p'), document.createElement('p')));
attempt('setAttribute("1 bad", "x")', () => el.setAttribute('1 bad', 'x'));
attempt('setAttribute("a")', () => el.setAttribute('a'));
attempt('classList.add("")', () => el.classList.add(''));
attempt('classList.add("a b")', () => el.classList.add('a b'));
attempt('querySelector("[[[")', () => document.querySelector('[[['));
attempt('querySelector("")', () => document.querySelector(''));
attempt('createTextNode("x").splitText(5)', () => document.createTextNode('x').splitText(5));
attempt('new AbortSignal()', () => new AbortSignal());

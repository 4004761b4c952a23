for (const s of document.querySelectorAll('script')) s.remove();
// Dispatch through shadow trees: each listener sees the target retargeted to
// its own tree, composedPath() hides a closed tree from outside it, and an
// event that is not composed stops at the shadow root.
const name = (n) => (n === window ? 'window' : n === document ? 'document' : n.nodeType === 11 ? (n.mode + ' root') : n.localName + (n.id ? '#' + n.id : ''));
for (const mode of ['open', 'closed']) {
  const host = document.body.appendChild(document.createElement('div'));
  host.id = 'host';
  const root = host.attachShadow({ mode });
  const inner = root.appendChild(document.createElement('span'));
  inner.id = 'inner';
  const light = host.appendChild(document.createElement('b'));
  light.id = 'light';
  const slot = root.appendChild(document.createElement('slot'));
  console.log(mode + ': shadowRoot ' + (host.shadowRoot === null ? 'null' : 'is root') + ', light slotted into ' + (light.assignedSlot ? name(light.assignedSlot) : 'null'));
  const listening = new AbortController();
  for (const n of [window, document.body, host, root, inner, slot, light]) {
    n.addEventListener('ping', (e) => console.log('  ' + name(n) + ': target ' + name(e.target) + ', path ' + e.composedPath().map(name).join(' > ')), { signal: listening.signal });
  }
  for (const composed of [true, false]) {
    console.log(' ping at inner, composed ' + composed);
    const e = new Event('ping', { bubbles: true, composed });
    inner.dispatchEvent(e);
    console.log('  after: target ' + (e.target === null ? 'null' : name(e.target)));
  }
  console.log(' ping at light (slotted)');
  light.dispatchEvent(new Event('ping', { bubbles: true }));
  listening.abort();
  host.remove();
}

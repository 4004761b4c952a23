// CloseEvent (the WebSockets Standard's event interface): its init
// dictionary's members as Web IDL converts them.
const log = (s) => console.log(String(s));
const show = (e) => `${e.type} ${e.code} ${JSON.stringify(e.reason)} ${e.wasClean} ${e.bubbles} ${e.cancelable} ${e instanceof Event}`;
log(show(new CloseEvent('close')));
log(show(new CloseEvent('close', { code: 1000, reason: 'done', wasClean: 1, bubbles: true })));
log(show(new CloseEvent('x', { code: 65537, reason: 42, wasClean: '' })));
log(show(new CloseEvent('x', { code: -1, reason: 'ab' })));
log(show(new CloseEvent('x', { code: 3000.9 })));
log(show(new CloseEvent('x', { code: NaN })));
log(show(new CloseEvent('x', null)));
const order = [];
new CloseEvent('x', {
  get wasClean() { order.push('wasClean'); return true; },
  get reason() { order.push('reason'); return 'r'; },
  get code() { order.push('code'); return 1; },
  get bubbles() { order.push('bubbles'); return false; },
});
log(order.join(' '));
for (const [what, f] of [['no argument', () => new CloseEvent()], ['call', () => CloseEvent('x')], ['bad init', () => new CloseEvent('x', 5)]]) {
  try { f(); log(what + ': no error'); } catch (e) { log(`${what}: ${e.constructor.name}`); }
}

// node tests/node/event_target_dispatch_calls_listeners_added_during_it_as_node_24.js > tests/node/event_target_dispatch_calls_listeners_added_during_it_as_node_24.out (recorded with Node 24)
// Node's EventTarget keeps a type's listeners in a linked list whose next
// entry is read before each listener is called (lib/internal/event_target.js):
// a listener added by one that is not the last at that moment is called in
// the same dispatch; one added by the last is not; a removed one is not.
const t = new EventTarget();
t.addEventListener('x', () => { console.log('a'); t.addEventListener('x', () => console.log('added by a')); });
t.addEventListener('x', () => { console.log('b'); t.addEventListener('x', () => console.log('added by b')); });
t.addEventListener('x', () => { console.log('c (last)'); t.addEventListener('x', () => console.log('added by the last')); });
t.dispatchEvent(new Event('x'));
console.log('--');
t.dispatchEvent(new Event('x'));
const u = new EventTarget();
const r = () => console.log('removed: must not run');
u.addEventListener('y', () => { console.log('remover'); u.removeEventListener('y', r); });
u.addEventListener('y', r);
u.addEventListener('y', () => console.log('after'));
u.dispatchEvent(new Event('y'));

// addEventListener options: once, passive (preventDefault is ignored),
// capture as a boolean, duplicate listeners, signal (AbortController).
for (const s of document.querySelectorAll('script')) s.remove(); // the recorder's page has one
const t = document.createElement('button');
document.body.appendChild(t);
t.addEventListener('x', () => console.log('once listener'), { once: true });
t.dispatchEvent(new Event('x'));
t.dispatchEvent(new Event('x'));
console.log('once done');
t.addEventListener('p', (e) => { e.preventDefault(); console.log('passive: defaultPrevented', e.defaultPrevented); }, { passive: true });
console.log('passive returned', t.dispatchEvent(new Event('p', { cancelable: true })));
t.addEventListener('p2', (e) => { e.preventDefault(); console.log('active: defaultPrevented', e.defaultPrevented); }, { passive: false });
console.log('active returned', t.dispatchEvent(new Event('p2', { cancelable: true })));
const f = () => console.log('added twice, runs once');
t.addEventListener('d', f);
t.addEventListener('d', f);
t.addEventListener('d', f, true);
t.dispatchEvent(new Event('d'));
t.removeEventListener('d', f);
t.dispatchEvent(new Event('d'));
t.removeEventListener('d', f, { capture: true });
t.dispatchEvent(new Event('d'));
console.log('after removing both');
const c = new AbortController();
t.addEventListener('s', () => console.log('signal listener'), { signal: c.signal });
t.dispatchEvent(new Event('s'));
c.signal.addEventListener('abort', (e) => console.log('abort event', e.type, e.isTrusted, c.signal.aborted));
c.signal.onabort = () => console.log('onabort');
c.abort();
console.log('aborted', c.signal.aborted, c.signal.reason.name, c.signal.reason.message);
t.dispatchEvent(new Event('s'));
console.log('after abort no listener');
c.abort('again');
console.log('reason unchanged', c.signal.reason.name);
t.addEventListener('s', () => console.log('never added'), { signal: c.signal });
t.dispatchEvent(new Event('s'));
const c2 = new AbortController();
c2.abort('why');
console.log('custom reason', c2.signal.reason);
try { c2.signal.throwIfAborted(); } catch (e) { console.log('throwIfAborted threw', e); }
const pre = AbortSignal.abort();
console.log('AbortSignal.abort()', pre.aborted, pre.reason.name);
try { t.addEventListener('s', () => {}, { signal: 'nope' }); } catch (e) { console.log(e.name); }
try { new AbortSignal(); } catch (e) { console.log(e.name, e.message); }

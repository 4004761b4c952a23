// An event listener added with a signal is removed when the signal aborts.
const log = (s) => console.log(s);
const t = new EventTarget();
const c = new AbortController();
t.addEventListener('x', () => log('with signal'), { signal: c.signal });
t.addEventListener('x', () => log('without signal'));
t.dispatchEvent(new Event('x'));
c.abort();
t.dispatchEvent(new Event('x'));
const c2 = new AbortController();
c2.abort();
t.addEventListener('x', () => log('added with aborted signal (never)'), { signal: c2.signal });
t.dispatchEvent(new Event('x'));

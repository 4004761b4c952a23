// Recorded with Node 24: node tests/node/abort_controller_aborts_listeners_and_signals_synchronously.js
// EventTarget dispatch is synchronous; abort() fires 'abort' (isTrusted) at once,
// removes listeners added with that signal, and a throwing listener's error
// is an uncaught exception on the next tick; AbortSignal.timeout and any.
const ac = new AbortController();
const et = new EventTarget();
et.addEventListener('foo', (e) => console.log('foo', e.type, e.isTrusted, e instanceof Event), { signal: ac.signal });
et.dispatchEvent(new Event('foo'));
ac.signal.addEventListener('abort', (e) => console.log('abort event', e.type, e.isTrusted, ac.signal.reason.name, ac.signal.reason.message));
ac.signal.onabort = () => console.log('onabort');
ac.abort();
et.dispatchEvent(new Event('foo'));
console.log(ac.signal.aborted, AbortSignal.abort().aborted, String(new CustomEvent('x', { detail: 5 }).detail));
const s = AbortSignal.timeout(5);
// The signal's timer is unref'd: this one keeps the loop alive until it fires
// (without it, whether the 5 ms pass before Node's loop ends varies).
setTimeout(() => {}, 50);
s.addEventListener('abort', () => console.log('timeout', s.reason.name));
const any = AbortSignal.any([s, new AbortController().signal]);
any.onabort = () => console.log('any aborted', any.reason.name);
try { ac.signal.throwIfAborted(); } catch (e) { console.log('thrown', e.name, e.code); }
console.log(require('util').inspect(ac), Object.prototype.toString.call(ac.signal));
et.addEventListener('bar', () => { throw new Error('listener threw'); });
process.on('uncaughtException', (e) => console.log('uncaught', e.message));
et.dispatchEvent(new Event('bar')); console.log('after dispatch');

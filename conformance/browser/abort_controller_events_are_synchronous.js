// abort() fires 'abort' synchronously, once; reason defaults to an AbortError.
const log = (s) => console.log(s);
const c = new AbortController();
c.signal.addEventListener('abort', (e) => { log('abort listener, aborted ' + c.signal.aborted); Promise.resolve().then(() => log('promise from abort listener')); });
c.signal.onabort = () => log('onabort');
log('before abort ' + c.signal.aborted);
c.abort();
log('after abort, reason ' + c.signal.reason.name);
c.abort('again');
log('reason unchanged ' + c.signal.reason.name);
const s = AbortSignal.abort('why');
log('AbortSignal.abort ' + s.aborted + ' ' + s.reason);
try { s.throwIfAborted(); } catch (e) { log('throwIfAborted threw ' + e); }

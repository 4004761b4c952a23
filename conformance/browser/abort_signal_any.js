// AbortSignal.any() (DOM §3.1.3.3): a dependent signal that aborts with the
// first of its sources, after them, and follows a dependent's sources.
const a = new AbortController();
const b = new AbortController();
const any = AbortSignal.any([a.signal, b.signal]);
const outer = AbortSignal.any([any]);
console.log('fresh', any.aborted, outer.aborted, any !== a.signal);
for (const [name, s] of [['a', a.signal], ['b', b.signal], ['any', any], ['outer', outer]]) {
  s.addEventListener('abort', () => console.log('abort event', name, String(s.reason)));
}
b.abort('because b');
console.log('after b', any.aborted, String(any.reason), outer.aborted, String(outer.reason), a.signal.aborted);
a.abort('because a');
console.log('after a', String(any.reason));
const already = AbortSignal.any([new AbortController().signal, AbortSignal.abort('pre')]);
console.log('already', already.aborted, already.reason);
console.log('empty', AbortSignal.any([]).aborted);
const t = AbortSignal.any([AbortSignal.timeout(10)]);
t.onabort = () => { console.log('timeout', t.reason.name); console.log('__done__'); };
for (const bad of [undefined, null, 1, [1], [a.signal, {}]]) {
  try { AbortSignal.any(bad); console.log('accepted', bad); } catch (e) { console.log('refused', e.name, e.message); }
}
try { AbortSignal.any(); } catch (e) { console.log('no args', e.name, e.message); }

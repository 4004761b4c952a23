// await on plain values, resolved promises and already-settled async calls.
const log = (s) => console.log(s);
async function a() { await 1; log('a1'); await 2; log('a2'); }
async function b() { await Promise.resolve(); log('b1'); await (async () => {})(); log('b2'); }
async function c() { log('c sync'); await new Promise((r) => r()); log('c1'); }
a(); b(); c();
log('main');

import pRetry, { AbortError } from 'p-retry';
let n = 0; console.log(await pRetry(() => { if (++n < 2) throw new Error('x'); return n }, { minTimeout: 1 }));
try { await pRetry(() => { throw new AbortError('nope') }) } catch (e) { console.log(e.name, e.message, e instanceof AbortError) }

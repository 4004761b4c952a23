const delay = require('delay').default; const { rangeDelay, clearDelay } = require('delay');
(async () => { const v = await delay(20, { value: 'v' }); console.log(v);
 const ac = new AbortController(); const p = delay(1000, { signal: ac.signal }); ac.abort(); try { await p } catch (e) { console.log(e.name, e.message) }
 const p2 = delay(1000, { value: 'early' }); clearDelay(p2); console.log(await p2); })();

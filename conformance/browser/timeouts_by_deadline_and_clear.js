// conformance: virtual-only (under --clock real the order depends on wall time: a 40 ms stall between the 60 ms and the 20 ms setTimeout calls reorders their deadlines, in Chromium as in jsloop; seen under load)
// Distinct delays fire by deadline; clearTimeout from a timer stops a later one.
const log = (s) => console.log(s);
setTimeout(() => log('60'), 60);
const c = setTimeout(() => log('40 (never)'), 40);
setTimeout(() => { log('20 clears 40'); clearTimeout(c); }, 20);
setTimeout(() => log('0'), 0);
setTimeout(() => { log('80'); console.log('__done__'); }, 80);

// Distinct delays fire by deadline; clearTimeout from a timer stops a later one.
const log = (s) => console.log(s);
setTimeout(() => log('60'), 60);
const c = setTimeout(() => log('40 (never)'), 40);
setTimeout(() => { log('20 clears 40'); clearTimeout(c); }, 20);
setTimeout(() => log('0'), 0);
setTimeout(() => { log('80'); console.log('__done__'); }, 80);

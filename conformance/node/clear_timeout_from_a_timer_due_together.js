// A timer cleared by another timer of the same expiry never runs.
const log = (s) => console.log(s);
let t3;
setTimeout(() => { log('t1'); clearTimeout(t3); }, 10);
setTimeout(() => log('t2'), 10);
t3 = setTimeout(() => log('t3 (never)'), 10);
setTimeout(() => log('t4'), 10);
const far = setTimeout(() => log('far (never)'), 40);
setTimeout(() => { log('t5'); clearTimeout(far); }, 20);

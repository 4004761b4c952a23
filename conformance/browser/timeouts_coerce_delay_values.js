// conformance: virtual-only (under --clock real the order depends on wall time: a 30 ms stall between the first and the last setTimeout call reorders the 60 ms and 30 ms deadlines, in Chromium as in jsloop; seen under load)
// setTimeout's delay is converted to a number: 0, negative, NaN, non-numeric
// strings and a missing delay all mean 0 (start order); '60' means 60.
const log = (s) => console.log(s);
setTimeout(() => { log('string 60'); console.log('__done__'); }, '60');
setTimeout(() => log('zero'), 0);
setTimeout(() => log('negative'), -20);
setTimeout(() => log('NaN'), NaN);
setTimeout(() => log('string abc'), 'abc');
setTimeout(() => log('no delay'));
setTimeout(() => log('30'), 30);

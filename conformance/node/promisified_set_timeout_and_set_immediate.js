// conformance: virtual-only (under --clock real the order depends on wall time: a 30 ms stall between the top-level 80 ms sleep and the 50 ms timer reorders their deadlines, in Node as in jsloop; seen under load)
// util.promisify uses setTimeout's and setImmediate's custom promisified forms.
const util = require('util');
const log = (s) => console.log(s);
const sleep = util.promisify(setTimeout);
const immediate = util.promisify(setImmediate);
sleep(80, 'slept').then((v) => log('sleep ' + v));
immediate('imm').then((v) => log('immediate ' + v));
setTimeout(() => log('plain 50'), 50);

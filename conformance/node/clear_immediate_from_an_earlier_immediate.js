// An immediate cleared by an earlier immediate of the same check phase never runs.
const log = (s) => console.log(s);
let c;
setImmediate(() => { log('A'); clearImmediate(c); });
setImmediate(() => log('B'));
c = setImmediate(() => log('C (never)'));
setImmediate(() => log('D'));

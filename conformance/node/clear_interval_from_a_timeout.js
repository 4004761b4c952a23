// conformance: virtual-only (under --clock real the order depends on wall time: a late tick moves the interval's third run past the 210 ms timeout, in Node as in jsloop; seen under load)
// A 60 ms interval cleared by a 210 ms timeout runs three times (30 ms
// from its third run and from its fourth).
const log = (s) => console.log(s);
setImmediate(() => {
  let n = 0;
  const iv = setInterval(() => log('interval ' + ++n), 60);
  setTimeout(() => { log('clear at 210'); clearInterval(iv); }, 210);
});

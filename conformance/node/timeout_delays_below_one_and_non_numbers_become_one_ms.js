// conformance: virtual-only (under --clock real the order depends on wall time: a 30 ms stall between the first and the last setTimeout call reorders the 60 ms and 30 ms deadlines, in Node as in jsloop; seen under load)
// setTimeout coerces its delay: 0, negative, NaN and non-numeric strings
// become 1 ms (so these fire in start order), a numeric string counts as a
// number. The case starts in an immediate, so start-up time does not matter.
const log = (s) => console.log(s);
setImmediate(() => {
  setTimeout(() => log('string 60'), '60');
  setTimeout(() => log('zero'), 0);
  setTimeout(() => log('negative'), -20);
  setTimeout(() => log('NaN'), NaN);
  setTimeout(() => log('string abc'), 'abc');
  setTimeout(() => log('undefined'));
  setTimeout(() => log('30'), 30);
});

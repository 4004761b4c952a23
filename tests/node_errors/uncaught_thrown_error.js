// Recorded with Node 24: node tests/node_errors/uncaught_thrown_error.js > tests/node_errors/uncaught_thrown_error.out 2> tests/node_errors/uncaught_thrown_error.err
function check(n) {
  if (n > 2) throw new RangeError(`too big: ${n}`);
}
check(3);

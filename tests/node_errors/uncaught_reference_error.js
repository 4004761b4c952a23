// Recorded with Node 24: node tests/node_errors/uncaught_reference_error.js > tests/node_errors/uncaught_reference_error.out 2> tests/node_errors/uncaught_reference_error.err
console.log("before");
setTimeout(() => {
  console.log(totl);
}, 0);

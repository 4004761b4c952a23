// Recorded with Node 24: node tests/node_errors/uncaught_not_a_function.js > tests/node_errors/uncaught_not_a_function.out 2> tests/node_errors/uncaught_not_a_function.err
const user = { profile: {} };
console.log("before");
user.profile.save(1, 2);

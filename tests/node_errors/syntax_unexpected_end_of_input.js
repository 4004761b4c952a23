// Recorded with Node 24: node tests/node_errors/syntax_unexpected_end_of_input.js 2> tests/node_errors/syntax_unexpected_end_of_input.err
if (true) {
  console.log("open brace");

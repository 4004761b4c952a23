// Recorded with Node 24: node tests/node_errors/syntax_unexpected_token.js 2> tests/node_errors/syntax_unexpected_token.err
console.log("never printed");
function f() {
  let x = ;
}

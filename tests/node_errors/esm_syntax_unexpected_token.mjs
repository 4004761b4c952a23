// Recorded with Node 24: node tests/node_errors/esm_syntax_unexpected_token.mjs 2> tests/node_errors/esm_syntax_unexpected_token.err
// A syntax error in an ES module: the code frame under its file URL.
console.log('never printed');
export function f() {
  const x = ;
}

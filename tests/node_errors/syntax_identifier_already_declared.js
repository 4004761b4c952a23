// Recorded with Node 24: node tests/node_errors/syntax_identifier_already_declared.js 2> tests/node_errors/syntax_identifier_already_declared.err
let count = 1;
let count = 2;

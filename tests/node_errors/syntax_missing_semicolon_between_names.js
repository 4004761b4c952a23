// Recorded with Node 24: node tests/node_errors/syntax_missing_semicolon_between_names.js 2> tests/node_errors/syntax_missing_semicolon_between_names.err
let total = price tax;

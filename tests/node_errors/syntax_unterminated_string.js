// Recorded with Node 24: node tests/node_errors/syntax_unterminated_string.js 2> tests/node_errors/syntax_unterminated_string.err
const greeting = "hello;

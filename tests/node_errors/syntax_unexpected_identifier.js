// Recorded with Node 24: node tests/node_errors/syntax_unexpected_identifier.js 2> tests/node_errors/syntax_unexpected_identifier.err
const config = {
  name: "jsloop"
  version: 1
};

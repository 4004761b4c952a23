// node tests/node/console_to_string_tag.js > tests/node/console_to_string_tag.out (recorded with Node 24)
// The console namespace's @@toStringTag, on the global console and require('console').
console.log(Object.prototype.toString.call(console), Object.prototype.toString.call(require('console')));
console.log(JSON.stringify(Object.getOwnPropertyDescriptor(console, Symbol.toStringTag)));
console.log(String(console));

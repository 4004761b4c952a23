// Extra arguments are passed to the handler; a string handler is compiled
// and run as a classic script.
setTimeout((a, b, c) => console.log('args', a, b, c), 0, 'one', 2, true);
setTimeout("console.log('string handler ran'); var fromString = 42;", 0);
setTimeout(() => console.log('global from string handler', globalThis.fromString), 1);
const interval = setInterval((x) => { console.log('interval arg', x); clearInterval(interval); }, 0, 'x');

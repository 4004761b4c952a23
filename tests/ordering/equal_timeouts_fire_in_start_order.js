// jsloop-test: virtual-only (under the real clock a loaded machine can pause
// the script between two setTimeout calls for longer than 10 ms, and then a
// later-started shorter timer is due after an earlier longer one, in a
// browser too)
// Timers with equal timeouts fire in the order they were started; a shorter
// timeout started later still fires first.
setTimeout(() => console.log('a 20'), 20);
setTimeout(() => console.log('b 10'), 10);
setTimeout(() => console.log('c 20'), 20);
setTimeout(() => console.log('d 0'), 0);
setTimeout(() => console.log('e -5 (treated as 0)'), -5);
setTimeout(() => console.log('f 10'), 10);
setTimeout(() => console.log('g undefined (treated as 0)'));

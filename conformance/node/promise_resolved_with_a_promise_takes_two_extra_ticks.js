// Resolving a promise with a native promise takes two more microtask turns
// than resolving it with a value.
const log = (s) => console.log(s);
const inner = Promise.resolve('inner');
new Promise((res) => res(inner)).then(() => log('resolved with a promise'));
Promise.resolve('v').then(() => log('value 1')).then(() => log('value 2')).then(() => log('value 3')).then(() => log('value 4'));

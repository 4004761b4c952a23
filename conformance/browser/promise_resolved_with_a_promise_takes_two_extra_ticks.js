// Resolving with a native promise costs two more microtask turns than
// resolving with a value.
const log = (s) => console.log(s);
const inner = Promise.resolve('inner');
new Promise((res) => res(inner)).then(() => log('resolved with a promise'));
Promise.resolve().then(() => log('v1')).then(() => log('v2')).then(() => log('v3')).then(() => log('v4'));

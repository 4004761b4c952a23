// A string handler is compiled and run as a classic script when the timer
// fires; extra arguments are ignored for it.
var counter = 0;
const log = (s) => console.log(s);
setTimeout('counter++; log("string handler, counter " + counter);', 0, 'ignored');
setTimeout(() => { log('function handler, counter ' + counter); console.log('__done__'); }, 20);
